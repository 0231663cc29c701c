import { artists, site } from "#app/content/index.ts";
import { REEL_PAGES, SECTION_PAGES } from "#tests/support/pages.mjs";
import { ARTIST_SHAPE_PAGES } from "#tests/support/artist-shapes.ts";
import { expect, test } from "#tests/support/fixtures.ts";

const PAGES = [...SECTION_PAGES, ...ARTIST_SHAPE_PAGES, "/artists/film/nobody"];

test.describe("axe (WCAG 2.2 AA, and label in name)", () => {
  // Two artists in the visitor's selects, so the header's selects link shows its count.
  test.beforeEach(async ({ page }) => {
    const ids = artists.directors.slice(0, 2).map((artist) => artist.id);
    await page.addInitScript((list) => localStorage.setItem("selects", JSON.stringify(list)), ids);
  });

  for (const path of PAGES) {
    test(`${path} has no violations`, async ({ page, player, hydration, axe }) => {
      await page.goto(path);
      // The reel pages are checked with video.js in place.
      if (REEL_PAGES.includes(path)) await player.ready();
      await hydration.wait();
      await expect(page.locator("[data-selects-count]").first()).toHaveText("2");
      await axe.expectNoViolations();
    });
  }

  // The phone menu is one component, the same on every page but for which link is current: open once.
  test("the phone menu, open, has no violations", async ({ page, isMobile, hydration, axe }) => {
    test.skip(!isMobile, "the menu button shows on a phone's width");
    await page.goto("/artists/directors");
    await hydration.wait();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await axe.expectNoViolations();
  });
});

test.describe("structure", () => {
  for (const path of SECTION_PAGES) {
    test(`${path} has one h1, the landmarks and a language`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
      // The desktop navigation and the phone menu; each width shows one of them.
      await expect(page.locator("header nav")).toHaveCount(2);
    });
  }
});

test.describe("keyboard", () => {
  test("a skip link comes first and moves focus to the main content", async ({ page }) => {
    await page.goto("/artists/directors");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("tab order follows the visual order of the header and the grid", async ({ page, isMobile, hydration }) => {
    await page.goto("/artists/directors");
    // The motion control comes with the scripts, which wait for the load event.
    await hydration.wait();
    // Desktop: the navigation and the selects link, then the heading row's motion control; phone:
    // the selects link and the menu button.
    const expected = [
      "SKIP TO CONTENT",
      "INES CALLOWAY",
      ...(isMobile
        ? ["SELECTS", "MENU"]
        : [...site.nav.map((link) => link.label.toUpperCase()), "SELECTS", "PAUSE MOTION"]),
    ];
    const names: string[] = [];
    for (let step = 0; step <= expected.length; step++) {
      await page.keyboard.press("Tab");
      names.push(await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim().toUpperCase()));
    }
    expect(names.slice(0, expected.length)).toEqual(expected);
    expect(names[expected.length]).toContain(artists.directors[0].name.toUpperCase());
  });

  for (const path of [artists.directors[0].url, "/reel-2021"]) {
    test(`every control on ${path} shows a visible focus indicator`, async ({ page, player }) => {
      await page.goto(path);
      if (path === "/reel-2021") await player.ready();
      for (let step = 0; step < 25; step++) {
        await page.keyboard.press("Tab");
        const focus = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          return { tag: element.tagName, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
        });
        if (focus.tag === "BODY") continue;
        expect(focus.style, `${focus.tag} at tab ${step}`).not.toBe("none");
        expect(focus.width).toBeGreaterThan(0);
      }
    });
  }

  test("the phone menu opens from the keyboard and Escape closes it, returning focus", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the hamburger exists on phones only");
    await page.goto("/artists/directors");
    const button = page.getByRole("button", { name: "Menu" });
    await expect(button).toHaveAttribute("aria-controls", "mobile-menu");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator("#mobile-menu a").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test("the keyboard can move into and out of the reel player (no trap)", async ({ page, isMobile, player }) => {
  test.skip(isMobile, "keyboard walk on desktop");
  await page.goto("/reel-2021");
  await player.ready();
  const seen: string[] = [];
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press("Tab");
    seen.push(
      await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return "body";
        return element.closest(".video-js") ? "player" : element.textContent?.trim() || element.tagName;
      }),
    );
  }
  const firstInPlayer = seen.indexOf("player");
  expect(firstInPlayer).toBeGreaterThan(0);
  // After the player's controls, focus moves on (back round to the skip link or the browser chrome).
  expect(seen.slice(firstInPlayer).some((name) => name !== "player")).toBe(true);
});

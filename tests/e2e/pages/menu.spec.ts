import { site } from "#app/content/index.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test.describe("mobile menu", () => {
  test.skip(({ isMobile }) => !isMobile, "the hamburger exists on phones only");

  test("toggles open and closed", async ({ page }) => {
    await page.goto("/artists/directors");
    const button = page.getByRole("button", { name: "Menu" });
    const menu = page.locator("#mobile-menu");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText(site.nav.map((link) => link.label));

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
  });

  test("a tap before the page's scripts have arrived opens the menu once they have", async ({ page, hydration }) => {
    const releaseScripts = await hydration.holdScripts();
    await page.goto("/artists/directors");
    const button = page.getByRole("button", { name: "Menu" });
    await button.tap();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    releaseScripts();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#mobile-menu")).toBeVisible();
  });

  test("closes when one of its links is tapped", async ({ page }) => {
    await page.goto("/artists/directors");
    const button = page.getByRole("button", { name: "Menu" });
    await button.tap();
    await page.locator("#mobile-menu").getByRole("link", { name: "Collective Reels" }).tap();
    await expect(page).toHaveURL(/\/collective-reels$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Collective Reels");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("closes on a tap of the link to the page already shown", async ({ page }) => {
    await page.goto("/artists/directors");
    await page.getByRole("button", { name: "Menu" }).tap();
    await page.locator("#mobile-menu").getByRole("link", { name: "Directors" }).tap();
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every page reads and every section is reachable from the header", async ({ page }) => {
    await page.goto("/artists/directors");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artists — Film & Content");
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();

    for (const link of site.nav) {
      await page.getByRole("banner").getByRole("link", { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main")).not.toBeEmpty();
    }
  });

  test("a reel is a native player with controls", async ({ page }) => {
    await page.goto("/reel-2021");
    await expect(page.locator("main video[controls]")).toBeVisible();
  });
});

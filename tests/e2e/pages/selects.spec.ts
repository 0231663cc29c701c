import type { Page } from "@playwright/test";
import { HtmlValidate } from "html-validate";

import { artists } from "#app/content/index.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { MAX_SELECTS, searchText } from "#app/lib/selects.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";

/**
 * Selects (/selects?artists=…): the server's page of a list, building one with and without
 * JavaScript, print, hostile queries and accessibility. Artists are taken from the content.
 */
const roster = [...artists.directors, ...artists.photographers];
const film = artists.directors[0];
const film2 = artists.directors[1];
const photo = artists.photographers[0];

const listed = (page: Page) => page.locator("[data-selects-list] > li h2");
const addButton = (page: Page, name: string) =>
  page.getByRole("button", { name: `Add to selects: ${name}`, exact: true });
const headerLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Selects/ });
const headerCount = (page: Page) => page.locator("[data-selects-count]");
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("selects") ?? "[]") as string[]);
/** The ids of the artists a page of HTML lists, in order. */
const listedIds = (html: string) => [...html.matchAll(/<h2 id="select-([a-z0-9-]+)"/g)].map(([, id]) => id);

function storeSelects(page: Page, ids: string[]) {
  return page.addInitScript((list) => {
    // Only the first document of the test starts from this list; later loads keep what it became.
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("selects", JSON.stringify(list));
  }, ids);
}

test.describe("the server's page of a list", () => {
  test.use({ javaScriptEnabled: false });

  test("lists the artists in the link's order, each once, and says how many match no artist", async ({ page }) => {
    const response = await page.goto(`/selects?artists=${photo.id},${film.id},${photo.id},no-such-artist,${film2.id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Selects");
    await expect(listed(page)).toHaveText([photo.name, film.name, film2.name]);
    await expect(page.getByRole("main")).toContainText("1 entry in this link no longer matches an artist");

    const first = page.locator("[data-selects-list] > li").first();
    await expect(first.locator("img")).toBeVisible();
    await expect(first).toContainText(photo.title);
    await expect(first.locator(`a[href="https://${photo.website}"]`)).toBeVisible();
    await expect(first.locator(`a[href="${photo.url}"]`).first()).toBeVisible();
    if (photo.instagram) await expect(first).toContainText(`@${photo.instagram}`);
    if (photo.biography) await expect(first).toContainText(photo.biography.split("\n")[0].slice(0, 40));

    const canonical = `${SITE_URL}/selects?artists=${photo.id},${film.id},${film2.id}`;
    await expect(page).toHaveTitle("Selects — 3 artists — Ines Calloway");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Selects — 3 artists");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${SITE_URL}${mediaPaths.previews.artist(photo.id)}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(page.getByLabel("Link to this list")).toHaveValue(canonical);
  });

  test(`shows at most ${MAX_SELECTS} artists`, async ({ page }) => {
    const ids = [...roster, ...roster].map((artist) => artist.id);
    const unknown = Array.from({ length: 100 }, (_, index) => `gone-${index}`);
    await page.goto(`/selects?artists=${[...unknown, ...ids].join(",")}`);
    await expect(listed(page)).toHaveCount(Math.min(roster.length, MAX_SELECTS));
    await expect(page.getByRole("main")).toContainText("100 entries in this link no longer match an artist");
  });

  test("with no list it explains how to add artists, and the sitemap leaves it out", async ({ page, request }) => {
    await page.goto("/selects");
    await expect(page.getByRole("main")).toContainText("No artists selected yet");
    await expect(page.getByRole("main")).toContainText("Add to selects");
    // A search of the roster, not the roster: no artist is listed until asked for.
    const add = page.getByRole("region", { name: "Add artists" });
    await expect(add.getByRole("searchbox", { name: "Find an artist by name" })).toBeVisible();
    await expect(add.getByRole("link", { name: /^Add / })).toHaveCount(0);
    await expect(page).toHaveTitle("Selects — Ines Calloway");
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/selects");
  });

  test("a search's matches are valid HTML (html-validate's standard rules, as html-validity.spec.ts)", async ({
    request,
  }) => {
    const html = await (await request.get(`/selects?artists=${film.id}&q=${encodeURIComponent(photo.name)}`)).text();
    expect(html).toContain("Add </span>");
    const report = await new HtmlValidate({ extends: ["html-validate:standard"] }).validateString(html);
    expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([]);
  });

  test("each list is its own page, however often and in whatever order lists are asked for", async ({ request }) => {
    for (const ids of [[film.id], [photo.id], [film.id, photo.id], [photo.id, film.id], [film.id]]) {
      const html = await (await request.get(`/selects?artists=${ids.join(",")}`)).text();
      expect(listedIds(html)).toEqual(ids);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Add to selects is a link; the selects page adds, moves and removes by links", async ({ page }) => {
    await page.goto("/artists/directors");
    await expect(page.locator("[data-script-only]").first()).toBeHidden();
    const add = page.getByRole("link", { name: `Add to selects: ${film.name}`, exact: true });
    await expect(add).toHaveAttribute("href", `/selects?artists=${film.id}`);
    await add.click();
    await expect(page).toHaveURL(`/selects?artists=${film.id}`);
    await expect(listed(page)).toHaveText([film.name]);
    await expect(page.getByRole("button", { name: "Copy link" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();

    // The search form reloads the page with the matches; each is a link to the list with it added.
    const typed = photo.name.toLowerCase();
    await page.getByRole("searchbox", { name: "Find an artist by name" }).fill(typed);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("artists") === film.id && url.searchParams.get("q") === typed,
    );
    await expect(listed(page)).toHaveText([film.name]);
    await expect(page.getByRole("searchbox", { name: "Find an artist by name" })).toHaveValue(searchText(typed));
    await page.getByRole("link", { name: `Add ${photo.name}`, exact: true }).click();
    await expect(listed(page)).toHaveText([film.name, photo.name]);
    // The search stays, so another match can be added; the one added is no longer offered.
    await expect(page.getByRole("link", { name: `Add ${photo.name}`, exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Link to this list")).toHaveValue(
      `${SITE_URL}/selects?artists=${film.id},${photo.id}`,
    );
    await page.getByRole("link", { name: `Move up: ${photo.name}` }).click();
    await expect(page).toHaveURL(`/selects?artists=${photo.id},${film.id}`);
    await expect(listed(page)).toHaveText([photo.name, film.name]);
    await page.getByRole("link", { name: `Remove: ${photo.name}` }).click();
    await expect(page).toHaveURL(`/selects?artists=${film.id}`);
    await expect(listed(page)).toHaveText([film.name]);
  });

  test("an artist's page and the photographers' grid link to a list with the artist", async ({ page }) => {
    for (const [path, artist] of [
      [film2.url, film2],
      ["/artists/photographers", photo],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: `Add to selects: ${artist.name}`, exact: true })).toHaveAttribute(
        "href",
        `/selects?artists=${artist.id}`,
      );
    }
  });
});

test.describe("with JavaScript", () => {
  test("buttons add and remove without a reload; the header counts and links to the list", async ({
    page,
    hydration,
  }) => {
    await page.goto("/artists/directors");
    await hydration.wait();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await expect(headerCount(page)).toHaveText("");

    const add = addButton(page, film.name);
    await expect(add).toHaveAttribute("aria-pressed", "false");
    await add.click();
    await expect(add).toHaveAttribute("aria-pressed", "true");
    await expect(headerCount(page)).toHaveText("1");
    await add.click();
    await expect(add).toHaveAttribute("aria-pressed", "false");
    await expect(headerCount(page)).toHaveText("");
    await add.click();

    await page.goto(photo.url);
    await hydration.wait();
    await expect(addButton(page, film.name)).toHaveCount(0);
    await addButton(page, photo.name).click();
    await expect(headerCount(page)).toHaveText("2");
    await expect(headerLink(page)).toHaveAttribute("href", `/selects?artists=${film.id},${photo.id}`);
    expect(await stored(page)).toEqual([film.id, photo.id]);

    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await headerLink(page).click();
    await expect(page).toHaveURL(`/selects?artists=${film.id},${photo.id}`);
    await expect(listed(page)).toHaveText([film.name, photo.name]);

    await page.getByRole("link", { name: `Move down: ${film.name}` }).click();
    await expect(page).toHaveURL(`/selects?artists=${photo.id},${film.id}`);
    await expect(listed(page)).toHaveText([photo.name, film.name]);
    // Focus stays with the artist that moved (now last, so on its Remove).
    await expect(page.getByRole("link", { name: `Remove: ${film.name}` })).toBeFocused();
    expect(await stored(page)).toEqual([photo.id, film.id]);

    await page.getByRole("link", { name: `Remove: ${photo.name}` }).click();
    await expect(listed(page)).toHaveText([film.name]);
    await expect(headerCount(page)).toHaveText("1");
    expect(await stored(page)).toEqual([film.id]);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    await page.goto("/artists/photographers");
    await expect(addButton(page, photo.name)).toHaveAttribute("aria-pressed", "false");
    await page.goto("/artists/directors");
    await expect(addButton(page, film.name)).toHaveAttribute("aria-pressed", "true");
  });

  test("the search lists matches as the visitor types; a match is added in place and the list survives", async ({
    page,
    hydration,
  }) => {
    await page.goto(`/selects?artists=${film.id}`);
    await hydration.wait();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const search = page.getByRole("searchbox", { name: "Find an artist by name" });
    const status = page.locator("#artist-search-status");
    await search.pressSequentially(photo.name.split(" ")[0].toLowerCase());
    await expect(status).toContainText("match");
    await expect(
      page.getByRole("region", { name: "Add artists" }).getByRole("link", { name: /^Add / }).first(),
    ).toBeVisible();
    // The artist already on the list is never offered.
    await search.fill(film.name);
    await expect(status).toContainText(`“${searchText(film.name)}”`);
    await expect(page.getByRole("link", { name: `Add ${film.name}`, exact: true })).toHaveCount(0);

    await search.fill(photo.name);
    await page.getByRole("link", { name: `Add ${photo.name}`, exact: true }).click();
    await expect(listed(page)).toHaveText([film.name, photo.name]);
    await expect(page.getByRole("link", { name: `Add ${photo.name}`, exact: true })).toHaveCount(0);
    await expect(search).toHaveValue(photo.name);
    await expect(page).toHaveURL((url) => url.searchParams.get("artists") === `${film.id},${photo.id}`);
    await expect(page.getByLabel("Link to this list")).toHaveValue(
      `${SITE_URL}/selects?artists=${film.id},${photo.id}`,
    );
    expect(await stored(page)).toEqual([film.id, photo.id]);
    await expect(headerCount(page)).toHaveText("2");

    // Enter searches in place too; then a third artist joins the end of the list.
    await search.fill(film2.name);
    await search.press("Enter");
    await page.getByRole("link", { name: `Add ${film2.name}`, exact: true }).click();
    await expect(listed(page)).toHaveText([film.name, photo.name, film2.name]);
    await expect(page.getByRole("status").filter({ hasText: `${film2.name} added.` })).toBeAttached();
    expect(await stored(page)).toEqual([film.id, photo.id, film2.id]);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    await page.reload();
    await expect(listed(page)).toHaveText([film.name, photo.name, film2.name]);
  });

  test("a press before the page's scripts have arrived adds the artist once they have", async ({ page, hydration }) => {
    const releaseScripts = await hydration.holdScripts();
    await page.goto("/artists/photographers");
    const add = addButton(page, photo.name);
    await add.click();
    await expect(add).toHaveAttribute("aria-pressed", "false");
    releaseScripts();
    await expect(add).toHaveAttribute("aria-pressed", "true");
    await expect(headerCount(page)).toHaveText("1");
  });

  test("the header's count appears without moving anything", async ({ page, hydration }) => {
    await storeSelects(page, [film.id, photo.id, film2.id]);
    const releaseScripts = await hydration.holdScripts();
    await page.goto("/artists/photographers");
    const before = await headerLink(page).boundingBox();
    releaseScripts();
    await hydration.wait();
    await expect(headerCount(page)).toHaveText("3");
    expect(await headerLink(page).boundingBox()).toEqual(before);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((entries) => {
            for (const entry of entries.getEntries() as unknown as { value: number }[]) total += entry.value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.01);
  });

  test("a shared link becomes the working list of a visitor who has none, stored at her first change", async ({
    page,
    hydration,
  }) => {
    await page.goto(`/selects?artists=${photo.id},${film.id}`);
    await hydration.wait();
    await expect(headerCount(page)).toHaveText("2");
    await expect(page.getByRole("region", { name: "Your selects on this device" })).toHaveCount(0);
    // Opening a link writes nothing to the device (docs/privacy.md).
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.getByRole("main").getByRole("link", { name: "Directors", exact: true }).click();
    await addButton(page, film2.name).click();
    await expect(headerCount(page)).toHaveText("3");
    expect(await stored(page)).toEqual([photo.id, film.id, film2.id]);
  });

  test("a shared link leaves a visitor's own list alone until they add it", async ({ page, hydration }) => {
    await storeSelects(page, [film2.id]);
    await page.goto(`/selects?artists=${film.id},${photo.id}`);
    await hydration.wait();
    const other = page.getByRole("region", { name: "Your selects on this device" });
    await expect(other).toContainText("1 artist");
    expect(await stored(page)).toEqual([film2.id]);
    await other.getByRole("button", { name: "Add this list to mine" }).click();
    await expect(page).toHaveURL(`/selects?artists=${film2.id},${film.id},${photo.id}`);
    await expect(listed(page)).toHaveText([film2.name, film.name, photo.name]);
    expect(await stored(page)).toEqual([film2.id, film.id, photo.id]);
    await expect(other).toHaveCount(0);
  });

  test("/selects alone shows the working list", async ({ page }) => {
    await storeSelects(page, [photo.id]);
    await page.goto("/selects");
    await expect(page).toHaveURL(`/selects?artists=${photo.id}`);
    await expect(listed(page)).toHaveText([photo.name]);
  });

  test("Copy link puts the list's link on the clipboard and says so; Print opens the print dialog", async ({
    page,
    context,
    hydration,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/selects?artists=${film.id},${photo.id}`);
    await hydration.wait();
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${SITE_URL}/selects?artists=${film.id},${photo.id}`,
    );

    await page.evaluate(() => {
      window.print = () => Object.assign(window, { printed: true });
    });
    await page.getByRole("button", { name: "Print or save as PDF" }).click();
    await expect.poll(() => page.evaluate(() => "printed" in window)).toBe(true);
    // Every artist's image is loaded for print, not only the first screen's.
    const images = page.locator("[data-selects-list] img");
    for (const image of await images.all()) {
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
        .toBe(true);
    }
  });
});

test.describe("print", () => {
  test("one artist a page, large image, name, title, biography and links, without navigation or footer", async ({
    page,
  }, testInfo) => {
    const ids = [film.id, photo.id, film2.id];
    await page.emulateMedia({ media: "print" });
    await page.goto(`/selects?artists=${ids.join(",")}`);
    const items = page.locator("[data-selects-list] > li");
    await expect(items).toHaveCount(3);
    const breaks = await items.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).breakBefore),
    );
    expect(breaks).toEqual(["auto", "page", "page"]);
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("region", { name: "Add artists" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeHidden();

    for (const [index, artist] of [film, photo, film2].entries()) {
      const item = items.nth(index);
      await expect(item.getByRole("heading", { level: 2 })).toHaveText(artist.name);
      await expect(item).toContainText(artist.title);
      // The image spans the page's width (or its height cap), whatever its shape.
      await expect(item.locator("img")).toBeVisible();
      expect((await item.locator("img").boundingBox())!.width).toBeGreaterThan((await item.boundingBox())!.width * 0.9);
      await expect(item).toContainText(artist.website);
      await expect(item).toContainText(`${SITE_URL}${artist.url}`);
      await expect(item.getByRole("link", { name: /^(Move|Remove)/ })).toHaveCount(0);
      if (artist.biography) {
        // The whole biography: the screen's excerpt is clamped, print's is not.
        await expect(item).toContainText(artist.biography.split("\n").at(-1)!);
        expect(await item.locator("p.line-clamp-4").evaluate((element) => getComputedStyle(element).overflow)).toBe(
          "visible",
        );
      }
    }
    await page.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}/selects-print.png`,
      fullPage: true,
    });
  });
});

test.describe("hostile queries", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answers do not depend on the screen");

  const MARKUP = '<script>alert("selects")</script>';
  const CASES: { query: string; ids: string[] }[] = [
    { query: `artists=${encodeURIComponent(MARKUP)},${film.id}`, ids: [film.id] },
    { query: `artists=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,${photo.id}`, ids: [photo.id] },
    { query: `artists=${film.id}%22%3E%3Cb%3E,${photo.id}`, ids: [photo.id] },
    {
      query: `artists=${Array.from({ length: 4_000 }, (_, index) => index.toString(36)).join(",")},${film.id}`,
      ids: [film.id],
    },
    { query: `artists=${film.id}&artists=${photo.id}&artists=${film.id}`, ids: [film.id, photo.id] },
    { query: `artists=%00,${film.id},${photo.id}%00,%00%00`, ids: [film.id] },
    { query: `artists=${film.id}&artists[]=${photo.id}&other=${encodeURIComponent(MARKUP)}`, ids: [film.id] },
    { query: `artists=${film.id}&q=${encodeURIComponent(MARKUP)}`, ids: [film.id] },
    { query: "artists=", ids: [] },
    { query: "artists", ids: [] },
  ];

  for (const { query, ids } of CASES) {
    test(`?${query.slice(0, 60)} is a 200 page with what could be read`, async ({ request }) => {
      const response = await request.get(`/selects?${query}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(listedIds(html)).toEqual(ids);
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("onerror");
      expect(html).not.toContain("<b>");
      expect(html).not.toContain("\u0000");
      expect(html).not.toContain("alert(");
    });
  }

  test("a search's words are shown back as letters, digits, spaces, hyphens and apostrophes only", async ({
    request,
  }) => {
    const response = await request.get(`/selects?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('value="img src x onerror alert 1"');
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("onerror=");
    expect(html).not.toContain("alert(");
  });

  test("a malformed query gets a 200 or a 400, never a 5xx or a stack trace", async ({ request }) => {
    for (const query of [
      "artists=%",
      "artists=%E0%A4%A",
      "artists=%zz",
      "artists=%uD83D",
      `artists=${"%".repeat(2_000)}`,
    ]) {
      const response = await request.get(`/selects?${query}`);
      expect([200, 400], query).toContain(response.status());
      expect(await response.text(), query).not.toMatch(/\bat [^\s"]+ \(|node_modules|URIError/);
    }
  });
});

test.describe("axe (WCAG 2.2 AA)", () => {
  for (const path of [`/selects?artists=${film.id},${photo.id},${film2.id}`, "/artists/photographers"]) {
    test(`${path} with a working list has no violations`, async ({ page, hydration, axe }) => {
      await storeSelects(page, [film.id, photo.id]);
      await page.goto(path);
      await hydration.wait();
      await expect(headerCount(page)).not.toHaveText("");
      await axe.expectNoViolations();
    });
  }

  test("the search and its matches have no violations, with and without scripts", async ({ page, hydration, axe }) => {
    await page.goto(`/selects?artists=${film.id}&q=${encodeURIComponent(photo.name)}`);
    await hydration.wait();
    await expect(page.getByRole("link", { name: `Add ${photo.name}`, exact: true })).toBeVisible();
    await axe.expectNoViolations();
    await page.getByRole("searchbox", { name: "Find an artist by name" }).fill(film2.name);
    await expect(page.getByRole("link", { name: `Add ${film2.name}`, exact: true })).toBeVisible();
    await axe.expectNoViolations();
  });

  test("the page of an empty list has no violations", async ({ page, hydration, axe }) => {
    await page.goto("/selects?artists=no-one");
    await hydration.wait();
    await expect(page.getByRole("main")).toContainText("No artists selected yet");
    await axe.expectNoViolations();
  });

  test("a shared list beside another working list has no violations", async ({ page, hydration, axe }) => {
    await storeSelects(page, [film2.id]);
    await page.goto(`/selects?artists=${film.id}`);
    await hydration.wait();
    await expect(page.getByRole("region", { name: "Your selects on this device" })).toBeVisible();
    await axe.expectNoViolations();
  });
});

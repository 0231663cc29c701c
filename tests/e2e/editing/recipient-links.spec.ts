/**
 * Links for one buyer, from the agent's screen to the buyers' browsers and back (docs/privacy.md,
 * "Links for one buyer"): with ANALYTICS_RECIPIENT_LINKS=on, the agent makes three links for one
 * shortlist on the Links page, and revokes the third. Buyer A opens hers and plays a reel to its
 * middle; buyer B opens his and reads one of its artists' pages; someone opens the plain link; the
 * third buyer opens the revoked one. Each buyer's row then says exactly what they did, the plain
 * and the revoked openings count only in the shortlist's anonymous row, the notice showed on the
 * counting links' pages only, and no browser holds anything of the site's.
 */
import type { LinksAnswer, ViewFigures } from "#analytics/types.ts";
import { artists, reels } from "#app/content/index.ts";
import {
  type CountingSite,
  expectFitsEveryWidth,
  expectNothingStored,
  startCountingSite,
  visitor,
  watch,
} from "#tests/support/counting-site.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { waitForHydration } from "#tests/support/hydration.ts";
import { ReelPlayer } from "#tests/support/reel-player.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";

const reel = reels[0];
const [first, second] = artists.directors;
const third = artists.photographers[0];
const shortlist = [first, third, second];
const NOTICE = /sees when it is opened/;
const IDS = shortlist.map(({ id }) => id).join(",");

test.describe("links for one buyer", () => {
  test.skip(({ isMobile }) => isMobile, "the editing screen is used on a desktop");
  test.describe.configure({ timeout: 150_000 });

  let counting: CountingSite;
  test.beforeAll(async () => {
    counting = await startCountingSite("links", { ANALYTICS_RECIPIENT_LINKS: "on" });
  });
  test.afterAll(() => counting?.stop());

  test("two buyers, a plain link and a revoked one: each buyer's row says what they did, and nothing more", async ({
    browser,
    page,
    axe,
  }) => {
    const { siteOrigin, editOrigin } = counting;
    // The screen writes the site's public URLs (SITE_URL); the test's site listens elsewhere.
    const plain = `${SITE_URL}/selects?artists=${IDS}`;
    const local = (url: string) => url.replace(SITE_URL, siteOrigin);
    await page.goto(`${editOrigin}/keystatic`);
    await page.getByRole("link", { name: "Links", exact: true }).click();
    await expect(page).toHaveURL(`${editOrigin}/edit/links`);

    /** Makes a link on the screen for `recipient`: its URL, and the plain one the screen offers beside it. */
    async function make(recipient: string) {
      await page.getByRole("textbox", { name: "Shortlist", exact: true }).fill(plain);
      await expect(page.locator("#links-recognised")).toContainText(third.name);
      await page.getByLabel(/^Recipient/).fill(recipient);
      await page.getByRole("button", { name: "Make the link" }).click();
      await expect(page.getByRole("heading", { name: `The link for ${recipient}` })).toBeVisible();
      const url = await page.getByLabel("Its URL, with the token").inputValue();
      expect(await page.getByLabel(/^The plain URL/).inputValue()).toBe(plain);
      return url;
    }
    const tokenOf = (url: string) => new URL(url).searchParams.get("link") ?? "";
    const sam = await make("Juniper Films — Sam");
    const ola = await make("Northlight Pictures — Ola");
    const lee = await make("Harbour & Co — Lee");
    const row = (recipient: string) => page.locator("#links-list tbody > tr").filter({ hasText: recipient });
    page.once("dialog", (dialog) => void dialog.accept());
    await row("Harbour & Co — Lee")
      .getByRole("button", { name: /^Revoke/ })
      .click();
    await expect(row("Harbour & Co — Lee").locator("td.recipient")).toContainText("revoked");

    // A token is the shortlist's URL with 22 random characters: nothing of the name, nothing shared.
    for (const url of [sam, ola, lee]) {
      expect(url.startsWith(`${plain}&link=`), url).toBe(true);
      expect(tokenOf(url)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(new Set([sam, ola, lee].map(tokenOf)).size).toBe(3);

    const [buyerA, buyerB, anyone, buyerC] = await Promise.all([1, 2, 3, 4].map((index) => visitor(browser, index)));
    // Buyer A opens hers, told so, goes to the reels by the site's own links and plays one to its middle.
    await buyerA.page.goto(local(sam));
    await expect(buyerA.page.getByText(NOTICE)).toBeVisible();
    // Hydrated, so her clicks move within the page the token opened (a click before is a new page, a new visit).
    await waitForHydration(buyerA.page);
    await buyerA.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collective Reels" }).click();
    await buyerA.page.locator(`main a[href="/${reel.slug}"]`).first().click();
    await expect(buyerA.page).toHaveURL(`${siteOrigin}/${reel.slug}`);
    await watch(new ReelPlayer(buyerA.page, false), reel.duration / 2);
    await buyerA.page.getByRole("navigation", { name: "Main" }).getByRole("link").first().click();
    // Buyer B opens his, and reads one of its artists' pages from it.
    await buyerB.page.goto(local(ola));
    await expect(buyerB.page.getByText(NOTICE)).toBeVisible();
    await waitForHydration(buyerB.page);
    await buyerB.page.getByRole("link", { name: `Profile of ${second.name}` }).click();
    await expect(buyerB.page).toHaveURL(new RegExp(`${second.url}$`));
    // The plain link and the revoked one show the shortlist, and no notice.
    for (const [one, url] of [
      [anyone, plain],
      [buyerC, lee],
    ] as const) {
      await one.page.goto(local(url));
      await expect(one.page.getByRole("heading", { name: first.name })).toBeVisible();
      await expect(one.page.getByText(NOTICE)).toHaveCount(0);
    }

    const links = async () => (await (await page.request.get(`${editOrigin}/edit/api/links`)).json()) as LinksAnswer;
    const byRecipient = async (recipient: string) =>
      (await links()).links.find((link) => link.recipient === recipient)!;
    const openings = async () =>
      ((await (await page.request.get(`${editOrigin}/edit/api/views`)).json()) as ViewFigures).shortlists;
    // Batched each second, and later on a machine busy with other specs.
    await expect
      .poll(
        async () => [
          (await byRecipient("Juniper Films — Sam")).reels[0]?.plays,
          (await byRecipient("Northlight Pictures — Ola")).pagesAfter.find(({ id }) => id === second.id)?.views,
          (await openings())[0]?.opens,
        ],
        { timeout: 20_000 },
      )
      // The shortlist's anonymous row counts every opening: the two buyers', the plain link's and the revoked one's.
      .toEqual([1, 1, 4]);
    for (const one of [buyerA, buyerB, anyone, buyerC]) {
      await expectNothingStored(one);
      await one.context.close();
    }

    const [a, b, c] = await Promise.all(
      ["Juniper Films — Sam", "Northlight Pictures — Ola", "Harbour & Co — Lee"].map(byRecipient),
    );
    expect([a.opens.length, b.opens.length, c.opens.length]).toEqual([1, 1, 0]);
    expect(a.pagesAfter.map(({ views }) => views)).toEqual([0, 0, 0]);
    // Paused at the middle, to the frame, at four times the speed: a busy machine stops it a little later.
    expect(a.reels).toEqual([{ slug: reel.slug, plays: 1, averageWatched: expect.any(Number), finishRate: 0 }]);
    expect(a.reels[0].averageWatched).toBeGreaterThanOrEqual(0.45);
    expect(a.reels[0].averageWatched).toBeLessThan(0.75);
    expect(b.pagesAfter).toEqual(shortlist.map(({ id }) => ({ id, views: id === second.id ? 1 : 0 })));
    expect(b.reels).toEqual([]);
    expect([c.revoked, c.active, c.reels, c.pagesAfter.every(({ views }) => views === 0)]).toEqual([
      true,
      false,
      [],
      true,
    ]);
    expect(await openings()).toMatchObject([{ key: IDS.split(",").sort().join(","), opens: 4 }]);

    // The screen says the same, row by row.
    await page.reload();
    await expect(row("Juniper Films — Sam").locator("td.opens li")).toHaveCount(1);
    await expect(row("Juniper Films — Sam").locator(`td.reels li[data-reel="${reel.slug}"]`)).toHaveAttribute(
      "data-plays",
      "1",
    );
    await expect(row("Juniper Films — Sam").locator("td.reels")).toContainText(reel.title);
    await expect(row("Northlight Pictures — Ola").locator(`td.pages li[data-artist="${second.id}"]`)).toHaveAttribute(
      "data-views",
      "1",
    );
    await expect(row("Northlight Pictures — Ola").locator("td.reels")).toContainText("none played");
    await expect(row("Harbour & Co — Lee").locator("td.opens")).toContainText("0");
    await expectFitsEveryWidth(page, axe, "editing-links");

    // Erased: every row of that name, and what it recorded, gone from the screen and the API.
    await page.setViewportSize({ width: 1440, height: 900 });
    page.once("dialog", (dialog) => void dialog.accept());
    await row("Juniper Films — Sam")
      .getByRole("button", { name: /^Erase/ })
      .click();
    await expect(row("Juniper Films — Sam")).toHaveCount(0);
    expect((await links()).links.map((link) => link.recipient)).toEqual([
      "Harbour & Co — Lee",
      "Northlight Pictures — Ola",
    ]);
  });

  test("a token's page is told, never kept by a cache; an unknown or malformed one counts nothing, the page shows, uncached too", async ({
    request,
  }) => {
    const made = await request.post(`${counting.editOrigin}/edit/api/links`, {
      data: { artists: shortlist.map(({ id }) => id), recipient: "Tessellate — Kim" },
    });
    expect(made.status()).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const told = await request.get(url.replace(SITE_URL, counting.siteOrigin));
    expect(told.headers()["cache-control"]).toBe("private, no-store");
    expect(await told.text()).toMatch(NOTICE);
    for (const token of ["A".repeat(22), "not-a-token", "%3Cscript%3E"]) {
      const page = await request.get(`${counting.siteOrigin}/selects?artists=${IDS}&link=${token}`);
      expect(page.status(), token).toBe(200);
      const html = await page.text();
      expect(html, token).not.toMatch(NOTICE);
      expect(html, token).toContain(first.name);
      // No copy under a token's URL, told or not: a cache would show it to whoever opens that URL next.
      expect(page.headers()["cache-control"], token).toBe("private, no-store");
    }
  });
});

/**
 * What the public pages send to the event endpoint (app/analytics/): page views, a shortlist opened, a
 * reel's play and its progress. The endpoint is stood in for by a route that records each body and
 * answers 202, so these checks hold whatever the server does with them. Artists and reels come from the content.
 */
import type { BrowserContext, Page } from "@playwright/test";

import { artists, reels, site } from "#app/content/index.ts";
import { EVENT_PATH, type EventBody, type EventProps } from "#model/analytics-event.ts";
import { expect, test } from "#tests/support/fixtures.ts";

/**
 * Records every event the page posts, in order, and answers each as the endpoint does; `sentBy` holds
 * each one's kind of request (Chromium's "ping" is a beacon).
 */
async function recordEvents(page: Page, sentBy: string[] = []): Promise<EventBody[]> {
  const events: EventBody[] = [];
  await page.route(`**${EVENT_PATH}`, async (route) => {
    const request = route.request();
    expect(request.method()).toBe("POST");
    // A string body: text/plain, which needs no CORS preflight.
    expect(request.headers()["content-type"]).toMatch(/^text\/plain/);
    events.push(JSON.parse(request.postData() ?? "null") as EventBody);
    sentBy.push(request.resourceType());
    await route.fulfill({ status: 202 });
  });
  return events;
}

const named = <Name extends keyof EventProps>(events: EventBody[], name: Name) =>
  events.filter((event): event is EventBody<Name> => event.name === name);

/** Marks the document, so a later check can tell a client-side navigation from a new document. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

/** Lets the page's scripts run a moment, for checks that something was not sent. */
const settle = (page: Page) => page.waitForTimeout(1_000);

/** No cookie, and nothing in the browser's storage. */
async function expectNothingStored(page: Page, context: BrowserContext) {
  expect(await page.evaluate(() => document.cookie)).toBe("");
  expect(await context.cookies()).toEqual([]);
  const stored = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
  expect(stored.local).toEqual([]);
  expect(stored.session).toEqual([]);
  expect(stored.databases).toEqual([]);
}

test.skip(({ isMobile }) => isMobile, "what a page sends does not depend on the screen");

test("a page view on load and one per client-side navigation, none for a hash, nothing stored", async ({
  page,
  context,
  baseURL,
  hydration,
}) => {
  const sentBy: string[] = [];
  const events = await recordEvents(page, sentBy);
  const origin = new URL(baseURL!);
  const grid = "/artists/directors";
  const artist = artists.directors[0];

  await page.goto(grid);
  await hydration.wait();
  await expect.poll(() => events.length).toBe(1);
  expect(events[0]).toEqual({
    name: "pageview",
    url: `${origin.origin}${grid}`,
    domain: origin.hostname,
    referrer: null,
  });

  await markDocument(page);
  await page.getByRole("link", { name: `Profile of ${artist.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(artist.name);
  await expect.poll(() => events.length).toBe(2);
  expect(await sameDocument(page)).toBe(true);
  expect(events[1]).toEqual({
    name: "pageview",
    url: `${origin.origin}${artist.url}`,
    domain: origin.hostname,
    referrer: null,
  });

  await page.evaluate(() => (location.hash = "#main"));
  await settle(page);
  expect(events).toHaveLength(2);
  expect(sentBy).toEqual(["ping", "ping"]);
  await expectNothingStored(page, context);
});

test("without a beacon, a keepalive fetch sends the same event", async ({ page, baseURL, hydration }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "sendBeacon", { value: undefined }));
  const sentBy: string[] = [];
  const events = await recordEvents(page, sentBy);
  await page.goto("/artists/directors");
  await hydration.wait();
  await expect.poll(() => events.length).toBe(1);
  expect(events[0]).toMatchObject({ name: "pageview", url: `${new URL(baseURL!).origin}/artists/directors` });
  expect(sentBy).toEqual(["fetch"]);
});

test("a directors' grid whose clips play sends page views only", async ({ page, context, hydration }) => {
  const events = await recordEvents(page);
  await page.goto("/artists/directors");
  await hydration.wait();
  const clip = page.locator("video[data-director-clip]").first();
  await clip.scrollIntoViewIfNeeded();
  await expect
    .poll(() => clip.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0), { timeout: 15_000 })
    .toBe(true);
  await settle(page);
  expect(events.map((event) => event.name)).toEqual(["pageview"]);
  await expectNothingStored(page, context);
});

test("a reel sends the visitor's play, then its progress on pause and when the page is left by a link", async ({
  page,
  context,
  baseURL,
  player,
}) => {
  // The reel whose first spot is the shortest, played past that spot's middle.
  const firstSpot = (reel: (typeof reels)[number]) => ({
    artist: reel.spots[0].artist,
    end: reel.spots[1]?.start ?? reel.duration,
  });
  const reel = [...reels].sort((a, b) => firstSpot(a).end - firstSpot(b).end)[0];
  const spot = firstSpot(reel);
  const past = spot.end / 2 + 0.5;
  test.setTimeout(60_000 + past * 2_000);
  const events = await recordEvents(page);
  const url = `${new URL(baseURL!).origin}/${reel.slug}`;

  await page.goto(`/${reel.slug}`);
  await player.play();
  await expect.poll(() => named(events, "play")).toHaveLength(1);
  const [play] = named(events, "play");
  expect(play.url).toBe(url);
  expect(play.props?.reel).toBe(reel.slug);
  expect(play.props?.play).toMatch(/^[\w-]{16,}$/);

  await expect.poll(() => player.playhead(), { timeout: 15_000 + past * 2_000 }).toBeGreaterThan(past);
  await player.pause();
  const playhead = await player.playhead();
  await expect.poll(() => named(events, "progress")).toHaveLength(1);
  const [paused] = named(events, "progress");
  expect(paused.url).toBe(url);
  expect(paused.props).toMatchObject({ reel: reel.slug, play: play.props?.play, spots: spot.artist, ended: false });
  const { seconds, duration, twentieths } = paused.props!;
  expect(seconds).toBeCloseTo(playhead, 0);
  expect(Math.abs(duration - reel.duration)).toBeLessThan(0.5);
  // Played from the start past the first spot's middle, and less than half the film (a spot is shorter).
  expect(twentieths).toMatch(/^1+0+$/);
  const part = duration / 20;
  const played = twentieths.indexOf("0");
  expect(played * part).toBeGreaterThanOrEqual(seconds - part / 2 - 0.01);
  expect(played * part).toBeLessThanOrEqual(seconds + part / 2 + 0.01);

  // Played on, then left by a link: the player's disposal sends the rest of the same play.
  await page.locator(".vjs-play-control").click();
  await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThan(playhead + 1);
  await markDocument(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: site.nav[0].label }).click();
  await expect.poll(() => named(events, "progress")).toHaveLength(2);
  expect(await sameDocument(page)).toBe(true);
  const left = named(events, "progress")[1];
  expect(left.url).toBe(url);
  expect(left.props?.play).toBe(play.props?.play);
  expect(left.props!.seconds).toBeGreaterThan(seconds + 1);
  await settle(page);
  expect(named(events, "play")).toHaveLength(1);
  expect(named(events, "progress")).toHaveLength(2);
  await expectNothingStored(page, context);
});

test("a shortlist link opened as the first page sends its key, its edits and the pages after it do not", async ({
  page,
  context,
  hydration,
}) => {
  const [first, second] = [artists.directors[0], artists.photographers[0]].sort((a, b) => a.id.localeCompare(b.id));
  const events = await recordEvents(page);
  // The link names them in the other order, and one in capitals: the key is the ids, sorted.
  await page.goto(`/selects?artists=${second.id},${first.id.toUpperCase()}`);
  await hydration.wait();
  await expect.poll(() => events.map((event) => event.name)).toEqual(["pageview", "shortlist"]);
  expect(named(events, "shortlist")[0].props).toEqual({ key: `${first.id},${second.id}` });
  // The list she opens is her working list for the visit, written to her device only when she changes it (docs/selects.md).
  await expectNothingStored(page, context);

  await page.getByRole("link", { name: `Move down: ${second.name}` }).click();
  await expect.poll(() => events.map((event) => event.name)).toEqual(["pageview", "shortlist", "pageview"]);
  expect(new URL(events[2].url).search).toBe(`?artists=${first.id},${second.id}`);
  await page.getByRole("link", { name: `Profile of ${second.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second.name);
  await expect.poll(() => events.map((event) => event.name)).toEqual(["pageview", "shortlist", "pageview", "pageview"]);
  expect(new URL(events[3].url).pathname).toBe(second.url);
  await settle(page);
  expect(named(events, "shortlist")).toHaveLength(1);
  // She changed it: now it is kept, and only it.
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(["selects"]);
});

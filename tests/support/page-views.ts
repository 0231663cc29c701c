/**
 * Page views as a page's script posts them (POST /api/event, model/analytics-event.ts), and an artist's
 * views read back from an SQLite store as the editing screen reads them: for the specs that check that
 * nothing counted is lost through releases and faults (operators/follow.spec.ts, editing/service-live.spec.ts).
 */
import { storeSettings } from "#analytics/settings.ts";
import { openStore } from "#analytics/store.ts";
import { EVENT_PATH } from "#model/analytics-event.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";

/** A desktop browser's user agent: a bot's views are not counted. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

/** One view of the page at `path` (SITE_URL's), posted to the instance at `origin`; its answer's status. */
export async function postPageView(origin: string, path: string): Promise<number> {
  const answer = await fetch(`${origin}${EVENT_PATH}`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME },
    body: JSON.stringify({
      name: "pageview",
      url: new URL(path, SITE_URL).href,
      domain: new URL(SITE_URL).hostname,
      referrer: null,
    }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** The views of the artist `id`'s page since yesterday in the SQLite file `file`. */
export async function artistViewsIn(file: string, id: string): Promise<number> {
  const store = await openStore(storeSettings({ ANALYTICS_DB: file }, process.cwd()));
  try {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const { artists } = await store.figures(yesterday, today, now);
    return artists.find((artist) => artist.id === id)?.views ?? 0;
  } finally {
    await store.close();
  }
}

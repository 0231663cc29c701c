/** Events as the analytics store keeps them (analytics/types.ts), for the tests of what reads them. */
import type { TakenEvent } from "#analytics/event.ts";
import type { AnalyticsEvent } from "#analytics/types.ts";

/** An event as the endpoint takes it: a page view of "/", with `fields` over it. */
export const takenEvent = (fields: Partial<TakenEvent> = {}): TakenEvent => ({
  name: "pageview",
  path: "/",
  referrer: null,
  artist: null,
  reel: null,
  play: null,
  seconds: null,
  duration: null,
  twentieths: null,
  spots: null,
  ended: false,
  shortlist: null,
  ...fields,
});

/** An event as stored: `takenEvent`'s, on 2025-03-08 at 10:00 UTC by visitor 1, with `fields` over it. */
export const storedEvent = (fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  ...takenEvent(),
  at: Date.parse("2025-03-08T10:00:00Z"),
  day: "2025-03-08",
  visitor: "0000000000000001",
  ...fields,
});

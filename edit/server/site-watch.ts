/**
 * Following landed saves to the public site (EDIT_SITE_URL), for `npm run edit` and the team's
 * service alike: they differ only in what a site's answer says of one save (`verdict`). The site is
 * asked every 2 s, only while some save waits for it, and each save waits at most 10 minutes: an
 * editor who saves and walks away costs the site nothing after that. A site that does not answer is
 * a line in the log, never a failed save: the save stays as it was, and the next round asks again.
 * A watch the site does not tell why it refused a commit (no status token, site-health.ts) says a
 * save the answering site has not shown in those 10 minutes is not live, and that why is the site's.
 */
import { entryUrl } from "#model/entry-url.ts";
import { moveSave, type SaveRecord } from "./save-state.ts";
import { askSite, type SiteHealth } from "./site-health.ts";

/** What the site's answer says of one save: live, not live and why, or nothing yet. */
export type SiteVerdict = { live: true } | { live: false; reason: string } | undefined;

export interface SiteWatchOptions {
  /** The public site's origin (site-health.ts's `siteOrigin`). */
  origin: string;
  /** The site's status token (EDIT_SITE_TOKEN), sent with each ask: the site then says why it refused a commit. */
  token?: string;
  /**
   * Whether a save still waiting when its time runs out, while the site answers, becomes not live:
   * for the service without a token, whose editors would otherwise never learn the site refused it.
   */
  refusalsUntold?: boolean;
  /** The landed saves (save-log.ts's `landed()`), newest first. */
  saves(): SaveRecord[];
  /** The step a save waits in until the site shows it: "pushed" for the service, "saved" for `npm run edit`. */
  from: "pushed" | "saved";
  /** What the site's answer says of `record`: git's part, the service's (commits) or `npm run edit`'s (files). */
  verdict(record: SaveRecord, health: SiteHealth): Promise<SiteVerdict>;
  /** The service's log; the console unless a test listens. */
  log?: (line: string) => void;
  /** How often the site is asked while a save waits; shorter in the tests. */
  everyMs?: number;
  /** How long a save waits for the site before it is no longer asked about; shorter in the tests. */
  forMs?: number;
  /** The clock, in ms since the epoch. */
  now?: () => number;
}

/** Soon enough for an editor watching her screen, and one small request a time: the site answers it from memory. */
const ASK_EVERY_MS = 2000;
/** Longer than a site's rebuild after a push takes: a save not live by then waits for something else. */
const FOLLOW_FOR_MS = 10 * 60_000;

export function siteWatch({
  origin,
  token,
  refusalsUntold = false,
  saves,
  from,
  verdict,
  log = (line) => console.log(line),
  everyMs = ASK_EVERY_MS,
  forMs = FOLLOW_FOR_MS,
  now = Date.now,
}: SiteWatchOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking = false;
  let stopped = false;
  /** Whether the last ask was answered: a site that stays down is logged once, not every 2 s. */
  let answered = true;
  /** Saves whose 10 minutes ran out, logged once each. */
  const givenUp = new WeakSet<SaveRecord>();

  const waiting = () => saves().filter((record) => record.step === from && (record.siteUntil ?? 0) > now());

  function schedule() {
    if (stopped || asking || timer !== undefined || waiting().length === 0) return;
    timer = setTimeout(() => void round(), everyMs);
    // The watch alone never keeps the process alive.
    timer.unref();
  }

  /** Applies the site's answer to each save that waits, and to those it refused: a later commit may hold them. */
  async function judge(health: SiteHealth) {
    const open = saves().filter(
      (record) => (record.step === from && (record.siteUntil ?? 0) > now()) || record.step === "not live",
    );
    for (const record of open) {
      const said = await verdict(record, health).catch((error: unknown) => {
        log(`public site: ${record.subject}: could not be compared with what the site serves: ${String(error)}`);
        return undefined;
      });
      // A deleted artist or reel is live once its list is: its own page is gone.
      const gone = record.entry.action === "delete";
      if (said?.live) moveSave(record, { step: "live", link: entryUrl(record.entry, origin, gone) });
      else if (said) moveSave(record, { step: "not live", message: said.reason });
    }
  }

  async function round() {
    timer = undefined;
    asking = true;
    try {
      if (waiting().length === 0) return;
      const answer = await askSite(origin, { token });
      if ("problem" in answer) {
        if (answered) log(`public site: ${answer.problem}; saves stay as they are, and it is asked again`);
        answered = false;
        return;
      }
      if (!answered) log(`public site: ${origin} answers again`);
      answered = true;
      await judge(answer.health);
    } finally {
      asking = false;
      for (const record of saves())
        if (
          record.step === from &&
          record.siteUntil !== undefined &&
          record.siteUntil <= now() &&
          !givenUp.has(record)
        ) {
          givenUp.add(record);
          log(
            `public site: ${record.subject}: not seen on ${origin} within ${forMs / 60_000} minutes; no longer asked`,
          );
          // A site that answers all along yet never shows it most likely refused it: the editor is told that much.
          if (refusalsUntold && answered)
            moveSave(record, {
              step: "not live",
              message: `the site has not shown it within ${forMs / 60_000} minutes. If it refused it, why is private to the site and its log (this service has no EDIT_SITE_TOKEN to ask it).`,
            });
        }
      schedule();
    }
  }

  return {
    /** A save has landed (or failed): each newly landed one waits for the site, which is asked until it shows them. */
    wake() {
      for (const record of saves())
        if (record.step === from && record.siteUntil === undefined) record.siteUntil = now() + forMs;
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

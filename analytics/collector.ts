/**
 * Takes checked events (event.ts) into the store (store.ts): each stamped with the time and the
 * visitor's hash of the day, written before it is answered, forwarded if the operator asks. An event
 * is written at once, with the others taken in the same turn; those taken while a write runs go
 * together in the next (a group commit: on a disk whose every commit waits for the platter, a
 * transaction per event would cap a SQLite file at a few hundred a second). So an event answered is
 * an event in the store, whatever becomes of the process after; one the store cannot take is held
 * and written again each second. The visitor's address and user agent are hashed and forgotten here:
 * they are never stored (docs/privacy.md). An event that carries a recipient link's token is also
 * counted for that link, when links are on and it counts.
 */
import { createHash } from "node:crypto";

import type { TakenEvent } from "./event.ts";
import type { Visitor } from "./forward.ts";
import type { AnalyticsStore } from "./store.ts";
import { type CountedEvent, dayOf } from "./types.ts";

export interface CollectorOptions {
  store: AnalyticsStore;
  /** Whether recipient links count (ANALYTICS_RECIPIENT_LINKS=on): off, a token is ignored. */
  recipientLinks?: boolean;
  /** The site's host (SITE_URL's), part of the hash: one visitor is another on another site. */
  site: string;
  /** Each taken event, with its visitor, for the operator's Plausible or Umami (forward.ts). */
  forward?: (event: TakenEvent, url: string, referrer: string | null, visitor: Visitor) => void;
  /** Hears of events lost: the store failing for longer than the buffer lasts. */
  dropped?: (count: number) => void;
  /** Hears of the store's failures (logged by the server). */
  failed?: (error: unknown) => void;
  now?: () => Date;
}

/** Events the store refused are written again this often. */
const FLUSH_MS = 1_000;
/** How long an event's answer waits for its write: a store that hangs holds a visitor's request no longer. */
const WRITE_WAIT_MS = 1_000;
/** Held while the store is unreachable, then the oldest are dropped: the server's memory stays bounded. */
const MAX_BUFFERED = 50_000;
/** Rolls up finished days and deletes what is past keeping, this often (and at start). */
const MAINTAIN_MS = 60 * 60 * 1_000;

/** The visitor's hash: the day's salt, the site, the address and the user agent, as Plausible counts. */
export function visitorHash(salt: Uint8Array, site: string, { ip, userAgent }: Visitor): string {
  return createHash("sha256").update(salt).update(`\0${site}\0${ip}\0${userAgent}`).digest("hex").slice(0, 16);
}

export function createCollector({
  store,
  recipientLinks = false,
  site,
  forward,
  dropped = () => {},
  failed = () => {},
  now = () => new Date(),
}: CollectorOptions) {
  let buffer: CountedEvent[] = [];
  let flushing: Promise<void> | undefined;
  /** The salt of the day being counted (a new day asks the store for its own). */
  let salt: { day: string; value: Promise<Buffer> } | undefined;

  const saltOf = (day: string) => {
    if (salt?.day !== day) {
      const value = store.salt(day);
      salt = { day, value };
      // A failed read is asked again by the next event, not remembered.
      value.catch(() => {
        if (salt?.value === value) salt = undefined;
      });
    }
    return salt.value;
  };

  async function flush(): Promise<void> {
    // One write at a time, in order; events taken meanwhile wait for the next.
    while (flushing) await flushing;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    flushing = store.insert(batch).then(
      () => {},
      (error: unknown) => {
        failed(error);
        buffer = [...batch, ...buffer];
        if (buffer.length > MAX_BUFFERED) dropped(buffer.splice(0, buffer.length - MAX_BUFFERED).length);
      },
    );
    await flushing;
    flushing = undefined;
  }

  /** The next write, once this turn's events are taken: shared by them, over when it is (or after WRITE_WAIT_MS). */
  let next: Promise<void> | undefined;
  function written(): Promise<void> {
    next ??= new Promise<void>((resolve) => {
      const waited = setTimeout(resolve, WRITE_WAIT_MS);
      setImmediate(() => {
        next = undefined;
        void flush().finally(() => {
          clearTimeout(waited);
          resolve();
        });
      });
    });
    return next;
  }

  const maintain = () => store.maintain(now()).catch(failed);
  void maintain();
  const timers = [setInterval(() => void flush(), FLUSH_MS), setInterval(() => void maintain(), MAINTAIN_MS)];
  for (const timer of timers) timer.unref();

  /**
   * The id of the link `token` names, when links are on and it counts now. A store that cannot say
   * counts the event for nobody, and the anonymous figures still have it.
   */
  async function linkOf(token: string | null): Promise<string | undefined> {
    if (token === null || !recipientLinks) return undefined;
    try {
      return (await store.links.active(token, now()))?.id;
    } catch (error) {
      failed(error);
      return undefined;
    }
  }

  return {
    /**
     * Stamps and writes `event`, resolving once it is in the store (or held for the next try); its visitor is
     * hashed and not kept. `token`, a recipient link's, makes it count for that link too, if the link counts.
     */
    async take(
      event: TakenEvent,
      url: string,
      referrer: string | null,
      visitor: Visitor,
      token: string | null = null,
    ): Promise<void> {
      const at = now();
      const day = dayOf(at);
      const [salt, link] = await Promise.all([saltOf(day), linkOf(token)]);
      const hash = visitorHash(salt, site, visitor);
      buffer.push({ ...event, at: at.getTime(), day, visitor: hash, ...(link && { link }) });
      forward?.(event, url, referrer, visitor);
      await written();
    },
    /** Whether `token` names a link that counts now (the notice on its page says so): false when links are off. */
    activeLink: async (token: string) => (await linkOf(token)) !== undefined,
    flush,
    /** Writes what is held, then closes the store. */
    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await flush();
      await store.close();
    },
  };
}

export type Collector = ReturnType<typeof createCollector>;

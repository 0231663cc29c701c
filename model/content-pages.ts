/**
 * Which pages show which part of the content, so that a release whose change is only content bans
 * from the cache (deploy/varnish/default.vcl: a BAN's X-Ban-Url, a regular expression over a
 * request's path and query; model/cache-ban.ts) only the pages whose HTML or file could have changed,
 * and fetches them again warm. Each release's content build writes its entries, each hashed, as
 * PAGES_FILE (content-check/pages-file.ts writes it); `changedPages` compares two such files. A page missed
 * here stays stale for a visitor, so every doubt leans wider.
 */
import { type ArtistList, artistUrl, gridCard } from "#model/artist-lists.ts";
import { EVERYTHING } from "#model/cache-ban.ts";
import type { Content } from "#model/content.ts";
import { reelFrameCss } from "#model/reel-frames.ts";
import { captionsTrack, chaptersTrack, descriptionsTrack } from "#model/tracks.ts";

/** One unit of content: its compiled value (which the build hashes), the pages showing it, those worth fetching again. */
export interface ContentEntry {
  key: string;
  value: unknown;
  /** Regular expressions over a request's path and query, anchored with `^`. */
  pages: string[];
  /** Exact paths (no query) to fetch again once the pages are banned. */
  warm: string[];
}

/** What each release's content build writes: the entries with their value's SHA-256 (hex) in place of the value. */
export interface PagesFile {
  version: 1;
  entries: { key: string; hash: string; pages: string[]; warm: string[] }[];
}

/** What a release changed: every page, or these patterns to ban and these paths to fetch again. */
export type ChangedPages = { everything: true } | { everything: false; pages: string[]; warm: string[] };

/** Where each release's content build writes its pages file, from the release's root. */
export const PAGES_FILE = "app/content/generated.pages.json";

/** Patterns and the paths among them worth fetching again. */
interface Shown {
  pages: string[];
  warm: string[];
}

/** `text` matched literally in a regular expression that both JavaScript and Varnish (PCRE) read. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The page at `path`, with or without a query; trailing slashes too, as Remix's router answers
 * `/contact/` like `/contact`, and Varnish keeps each spelling apart.
 */
const page = (path: string): Shown => ({ pages: [`^${literal(path)}/*(\\?|$)`], warm: [path] });

/** Every page at or under `path` (an artist's `/anything` answers a 301 to her page; a reel's tracks). */
const under = (path: string, warm: string[]): Shown => ({ pages: [`^${literal(path)}(/|\\?|$)`], warm });

const both = (...shown: Shown[]): Shown => ({
  pages: shown.flatMap((one) => one.pages),
  warm: shown.flatMap((one) => one.warm),
});

/** A list's grid: app/routes/artists.directors.tsx and artists.photographers.tsx. */
const listPath = (list: ArtistList) => `/artists/${list}`;

/** A reel's page: app/routes/$slug.tsx (the links of app/routes/collective-reels.tsx and the sitemap). */
const reelPath = (slug: string) => `/${slug}`;

/** app/routes/sitemap[.]xml.ts lists the nav's sections, every reel's page and every artist's. */
const SITEMAP = page("/sitemap.xml");

/**
 * /selects (app/loaders/selects-page.server.ts: the chosen artists' names, titles, biographies,
 * links and pictures) and /selects/search (app/routes/selects_.search.ts: the roster's ids, names
 * and titles, in order).
 */
const SELECTS = under("/selects", ["/selects"]);

/** A part of the content: its value and where it shows. */
interface Part {
  key: string;
  value: unknown;
  shown: Shown;
}

/**
 * A part that others may name: `own` is what a related part's change reaches, `names` how other values
 * mention it; `named`, what one that names it shows of it, as a part of its own (a reel names
 * a director: it shows her name and URL, nothing else of her); without it, the whole part counts.
 * `parts`: its other parts, each with the pages that show it.
 */
interface Unit extends Part {
  own: Shown;
  names: string[];
  named?: { key: string; value: unknown };
  parts?: Part[];
}

/**
 * An artist, in parts each with the pages that show it: her whole entry on her page (app/routes/
 * artists.$type.$.tsx) and the selects; her card (GRID_CARD_FIELDS) on her list's grid; her URL in
 * the sitemap; and her name and URL wherever another entry names her (a reel's credits and JSON-LD:
 * app/reel/timeline.ts's reelChapters reads no more of her). A word of her biography drops her page
 * and the selects, not her list, the sitemap or the reels that credit her.
 */
function artistUnits(list: ArtistList, artists: Content["artists"][ArtistList]): Unit[] {
  return artists.map((artist) => {
    // The route finds her by her list's URL type and her id (app/loaders/artist-page.server.ts).
    const url = artistUrl(list, artist.id);
    const own = under(url, [url]);
    const id = `${list}/${artist.id}`;
    return {
      key: `artist:${id}`,
      value: artist,
      shown: both(own, SELECTS),
      own,
      names: [artist.id, url],
      named: { key: `artist-credit:${id}`, value: { name: artist.name, url } },
      parts: [
        { key: `artist-card:${id}`, value: gridCard(artist), shown: page(listPath(list)) },
        { key: `artist-url:${id}`, value: url, shown: SITEMAP },
      ],
    };
  });
}

/**
 * A reel: its page (app/loaders/reel-page.server.ts, JSON-LD in app/lib/seo.ts's reelMeta) and its
 * chapters and described picture (app/routes/reels.$slug.chapters[.]vtt.ts, descriptions[.]vtt.ts),
 * and its title and pictures on /collective-reels and its URL in the sitemap.
 */
function reelUnits(reels: Content["reels"]): Unit[] {
  return reels.map((reel) => {
    const own = both(
      page(reelPath(reel.slug)),
      under(`/reels/${reel.slug}`, [chaptersTrack(reel.slug), descriptionsTrack(reel.slug)]),
    );
    return {
      key: `reel:${reel.slug}`,
      value: reel,
      shown: both(own, page("/collective-reels"), SITEMAP),
      own,
      names: [reel.slug, reelPath(reel.slug)],
    };
  });
}

/**
 * A reel's captions: its page (the tracks' menu and the transcripts, app/reel/reel.server.ts) and the
 * files app/routes/reels.$slug.captions.$.ts serves.
 */
function captionsParts(captions: Content["captions"]): Part[] {
  return Object.entries(captions).map(([slug, tracks]) => ({
    key: `captions:${slug}`,
    value: tracks,
    shown: both(
      page(reelPath(slug)),
      under(
        `/reels/${slug}/captions`,
        tracks.map((track) => captionsTrack(slug, track.lang)),
      ),
    ),
  }));
}

/**
 * The order of each list, which no entry's value holds (model/content.ts drops `order` once it
 * sorted them): where a list shows in its order. Not related to the entries it names: a new order
 * changes no artist's or reel's own page.
 */
function orderParts({ artists, reels }: Content): Part[] {
  const lists = (["directors", "photographers"] as const).map((list) => ({
    key: `list:${list}`,
    value: artists[list].map((artist) => artist.id),
    shown: both(page(listPath(list)), SELECTS, SITEMAP),
  }));
  const reelList = {
    key: "list:reels",
    value: reels.map((reel) => reel.slug),
    shown: both(page("/collective-reels"), SITEMAP),
  };
  return [...lists, reelList];
}

/** Every string value in `value`, however deep: how one entry names another (a reel's spot, a director's id). */
function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (typeof value === "object" && value !== null) for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}

/**
 * Each unit as parts, the `own` pages of every unit it names or that names it with what of it they
 * show: a reel's credits and JSON-LD (app/components/reel-credits.tsx, app/lib/seo.ts) and its
 * described picture show the name and URL of each director its spots give by id (her `named` part);
 * and an artist's page goes with a reel that names her (no page of hers reads reels today, but a
 * narrower guess is a stale page). Read from the values, so a new artist or reel needs no line here.
 */
function related(units: Unit[]): Part[] {
  const mentions = units.map((unit) => stringsIn(unit.value));
  const names = (a: number, b: number) => a !== b && units[b].names.some((name) => mentions[a].has(name));
  return units.flatMap((unit, a) => {
    const others = units.flatMap((other, b) => (names(a, b) || names(b, a) ? [other.own] : []));
    const whole = { key: unit.key, value: unit.value };
    const mine = unit.named
      ? [
          { ...whole, shown: unit.shown },
          { ...unit.named, shown: both(...others) },
        ]
      : [{ ...whole, shown: both(unit.shown, ...others) }];
    return [...mine, ...(unit.parts ?? [])];
  });
}

/** `shown` without repeats, in first-seen order. */
const unique = ({ pages, warm }: Shown): Shown => ({ pages: [...new Set(pages)], warm: [...new Set(warm)] });

/**
 * One entry per unit of the compiled content. On every page, so everything: `site` (through the
 * root loader, app/root.tsx's header, footer and error titles and every page's title and head in
 * app/lib/seo.ts; the sitemap's sections), `contact` (through the root loader, the Organization
 * JSON-LD of every page's head, app/lib/seo.ts) and the
 * reels' frames (app/lib/reel-frame-css.server.ts: one `<style>` in every page's head). Those
 * entries' `warm` is every page the others name, with the nav's sections.
 */
export function contentEntries(content: Content): ContentEntry[] {
  const units = [
    ...artistUnits("directors", content.artists.directors),
    ...artistUnits("photographers", content.artists.photographers),
    ...reelUnits(content.reels),
  ];
  const parts: Part[] = [
    { key: "clients", value: content.clients, shown: page("/clients") },
    { key: "biography", value: content.biography, shown: page("/biography") },
    ...orderParts(content),
    ...captionsParts(content.captions),
    ...related(units),
  ];
  const entries = parts.map(({ key, value, shown }) => ({ key, value, ...unique(shown) }));
  const warm = [...new Set([...entries.flatMap((entry) => entry.warm), ...content.site.nav.map((link) => link.href)])];
  const everywhere = [
    { key: "site", value: content.site },
    { key: "contact", value: content.contact },
    { key: "reel-frames", value: reelFrameCss(content.reels.map((reel) => reel.frame)) },
  ].map((entry) => ({ ...entry, pages: [EVERYTHING], warm }));
  return [...everywhere, ...entries];
}

const isStrings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === "string");

/** Whether `file`, read from disk, is a pages file of this version: entries of strings, as `changedPages` reads them. */
function isCurrent(file: unknown): file is PagesFile {
  if (typeof file !== "object" || file === null || !("version" in file) || !("entries" in file)) return false;
  const { version, entries } = file;
  return (
    version === 1 &&
    Array.isArray(entries) &&
    entries.every((entry: Partial<Record<string, unknown>>) => {
      const { key, hash, pages, warm } = entry ?? {};
      return typeof key === "string" && typeof hash === "string" && isStrings(pages) && isStrings(warm);
    })
  );
}

/**
 * A pages file as read from disk, or undefined when it is not JSON or not of this version: the
 * caller then bans everything, as for a release before these files.
 */
export function parsePagesFile(text: string): PagesFile | undefined {
  try {
    const file: unknown = JSON.parse(text);
    return isCurrent(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pages a release from `before` to `after` changed: those of every entry added, removed or of
 * another hash, as either file gives them. Everything when `before` is missing, unreadable or of
 * another version (as a file from disk, it is checked again here), or a changed entry shows on
 * every page. `warm` leaves out the paths no entry of `after` names (a
 * removed artist's page now answers 404).
 */
export function changedPages(before: PagesFile | undefined, after: PagesFile): ChangedPages {
  if (!isCurrent(before) || !isCurrent(after)) return { everything: true };
  const beforeByKey = new Map(before.entries.map((entry) => [entry.key, entry]));
  const afterByKey = new Map(after.entries.map((entry) => [entry.key, entry]));
  const changed = [...new Set([...beforeByKey.keys(), ...afterByKey.keys()])].flatMap((key) => {
    const [old, now] = [beforeByKey.get(key), afterByKey.get(key)];
    return old?.hash === now?.hash ? [] : [old, now].filter((entry) => entry !== undefined);
  });
  const pages = new Set(changed.flatMap((entry) => entry.pages));
  if (pages.has(EVERYTHING)) return { everything: true };
  const live = new Set(after.entries.flatMap((entry) => entry.warm));
  const warm = new Set(changed.flatMap((entry) => entry.warm).filter((path) => live.has(path)));
  return { everything: false, pages: [...pages].sort(), warm: [...warm].sort() };
}

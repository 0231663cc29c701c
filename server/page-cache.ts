/**
 * The page cache. A page is the same bytes for a given URL and build, so publicly cacheable 200
 * answers are kept in memory, compressed once (Brotli and gzip, beside the identity bytes), and
 * replayed like static files, without rendering or compressing again. Bounded by bytes; the section
 * pages have a budget of their own, so a sweep of the roster's pages never pushes them out. Each
 * build has a cache of its own (`npm run dev` loads a new build on every edit).
 */
import { promisify } from "node:util";
import zlib from "node:zlib";

import { LRUCache } from "lru-cache";

import { PAGE_POLICY_HEADERS } from "./http-policy.ts";

/** The encodings a page is kept in, in the server's order of preference. */
export const ENCODINGS = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * One encoding of a page: its bytes, the tag that names them, and the heads a replay writes them with
 * (cache-hit.ts), prepared once as `writeHead` takes them: `[name, value, name, value, …]`.
 */
export interface Variant {
  body: Buffer;
  etag: string | undefined;
  /** The 200's head. */
  head: string[];
  /** The 304's head: the same without what describes a body (Content-Type, -Encoding, -Length). */
  notModifiedHead: string[];
}

/** A rendered answer as it is replayed: the app's headers, and its bytes in each encoding kept. */
export interface CachedPage {
  status: number;
  /** The app's headers, without those that differ by encoding (ETag, Content-Length, Content-Encoding). */
  headers: [string, string][];
  /** The app's Last-Modified, which a conditional request is also checked against. */
  lastModified: string | undefined;
  /** Always the identity bytes; br and gzip when they are smaller. */
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
}

/** Says whether an answer was replayed from the cache (`hit`) or rendered for its request (`miss`). */
export const PAGE_SOURCE = "X-Page-Cache";

/**
 * The head a kept page is replayed with in `encoding`: the policy's headers (http-policy.ts), the
 * app's, then the encoding's; a name set again keeps its first place and takes the last value, as
 * `setHeader` does on the way a page was answered before this head was prepared (Express's).
 */
function replayHead(headers: [string, string][], encoding: Encoding, body: Buffer, etag?: string, notModified = false) {
  const head = new Map<string, [string, string]>();
  const set = (name: string, value: string) => head.set(name.toLowerCase(), [name, value]);
  for (const [name, value] of [...PAGE_POLICY_HEADERS, ...headers]) set(name, value);
  set("Vary", "Accept-Encoding");
  if (etag) set("ETag", etag);
  set(PAGE_SOURCE, "hit");
  if (notModified) head.delete("content-type");
  else {
    if (encoding !== "identity") set("Content-Encoding", encoding);
    set("Content-Length", String(body.length));
  }
  return [...head.values()].flat();
}

/** An encoding of a page, with the heads it is replayed with. */
function variant(headers: [string, string][], encoding: Encoding, body: Buffer, etag: string | undefined): Variant {
  return {
    body,
    etag,
    head: replayHead(headers, encoding, body, etag),
    notModifiedHead: replayHead(headers, encoding, body, etag, true),
  };
}

/**
 * Brotli's quality 5: on the 40× roster's directors page (1.3 MB of HTML) it takes about 10 ms and
 * gives 22.7 KB; quality 11 (what scripts get at build time) takes about 6 s for 16.3 KB, which a
 * cold render cannot wait for, and 6–9 cost more for under 5% less. gzip at 9 costs about what 6
 * does here (16 ms against 14) for 5% less. Measured on this 2-core machine (docs/deploy.md).
 */
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS = { level: 9 };
// The asynchronous forms run on libuv's thread pool, so a render's compression leaves the event loop free.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The entry a request's answer is kept under: its path, for a GET or HEAD of a URL without a
 * query; none otherwise. Queries are endless (junk ones, and /selects?artists=… lists, could push
 * every page out), and Remix's data requests must never share an entry with a document: without
 * single fetch they carry `?_data=…`, so they are never kept; with it they end in `.data`, a path
 * of their own.
 */
export function pageCacheKey(method: string, target: string): string | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (!target.startsWith("/") || target.includes("?")) return undefined;
  return target;
}

/** Whether a rendered answer may be replayed to anyone: a 200 that the app marked public. */
export function isShareable(response: Pick<Response, "status" | "headers">): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return response.status === 200 && /\bpublic\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl);
}

/**
 * An artist's page (/artists/{type}/{id}, and anything under it): the only pages whose number grows
 * with the roster. Every other page kept (the sections, the reels and their tracks, the sitemap) is
 * a fixed set, whatever the roster's size.
 */
export function isRosterPage(key: string): boolean {
  return /^\/artists\/[^/]+\/[^/]/.test(key);
}

/** The tag of an encoded copy, Apache's way: `"abc"` → `"abc-br"`; the identity bytes keep the app's. */
export function variantETag(etag: string | undefined, encoding: Encoding): string | undefined {
  if (!etag || encoding === "identity") return etag;
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : undefined;
}

/** What an entry holds in memory: its bytes in every encoding, its headers, and its heads (which share their strings). */
function entryBytes(page: CachedPage): number {
  let bytes = 256;
  for (const { body, etag, head, notModifiedHead } of Object.values(page.variants))
    bytes += body.length + (etag?.length ?? 0) + 8 * (head.length + notModifiedHead.length);
  for (const [name, value] of page.headers) bytes += name.length + value.length;
  return bytes;
}

/** The default budget: a 760-artist roster's every page takes about 35 MB (docs/deploy.md). */
export const DEFAULT_PAGE_CACHE_MB = 64;

/**
 * The cache's budget in bytes from the environment: `PAGE_CACHE_MB` (megabytes, 0 turns it off).
 * `PAGE_CACHE_SIZE`, the count of pages it replaces, still turns the cache off with 0; any other
 * count is ignored with a warning, since a count bounds no memory (a 40× grid page is 1.3 MB).
 */
export function pageCacheBytes(env: Record<string, string | undefined>, warn = console.warn): number {
  if (env.PAGE_CACHE_SIZE !== undefined && env.PAGE_CACHE_MB === undefined) {
    if (Number(env.PAGE_CACHE_SIZE) === 0) return 0;
    warn(`PAGE_CACHE_SIZE (a count of pages) is no longer read: the page cache is sized in bytes by PAGE_CACHE_MB`);
  }
  const megabytes = Number(env.PAGE_CACHE_MB ?? DEFAULT_PAGE_CACHE_MB);
  if (!Number.isFinite(megabytes) || megabytes < 0)
    throw new Error(`PAGE_CACHE_MB=${env.PAGE_CACHE_MB}: not a size in MB`);
  return Math.round(megabytes * 2 ** 20);
}

/** The share of the budget kept for section pages; artists' pages get the rest. */
export const SECTIONS_SHARE = 1 / 4;

/**
 * The least recently used pages go first, once the bytes kept would pass `maxBytes`: a quarter for
 * the section pages, three quarters for artists' pages, in two caches, so that neither pushes the
 * other's pages out. With 0 bytes nothing is kept.
 */
export class PageCache {
  readonly #sections: LRUCache<string, CachedPage> | undefined;
  readonly #roster: LRUCache<string, CachedPage> | undefined;
  /** Pages being rendered and compressed, so a request for the same page waits for that one. */
  readonly #pending = new Map<string, Promise<CachedPage | undefined>>();
  #warned = false;

  constructor(readonly maxBytes: number) {
    if (maxBytes <= 0) return;
    this.#sections = new LRUCache({
      maxSize: Math.max(1, Math.floor(maxBytes * SECTIONS_SHARE)),
      sizeCalculation: entryBytes,
      // A section page pushed out means the budget is too small for the site: say so once.
      dispose: (_page, key, reason) => {
        if (reason !== "evict" || this.#warned) return;
        this.#warned = true;
        console.warn(`page cache: section page ${key} pushed out; raise PAGE_CACHE_MB (now ${maxBytes / 2 ** 20})`);
      },
    });
    this.#roster = new LRUCache({
      maxSize: Math.max(1, Math.floor(maxBytes * (1 - SECTIONS_SHARE))),
      sizeCalculation: entryBytes,
    });
  }

  /** The bytes kept, every encoding and header counted. */
  get bytes(): number {
    return (this.#sections?.calculatedSize ?? 0) + (this.#roster?.calculatedSize ?? 0);
  }

  get enabled(): boolean {
    return this.#sections !== undefined;
  }

  #cacheFor(key: string) {
    return isRosterPage(key) ? this.#roster : this.#sections;
  }

  get(key: string): CachedPage | undefined {
    return this.#cacheFor(key)?.get(key);
  }

  /** Every page kept, the most recently asked first: the section pages, then the artists'. */
  entries(): [string, CachedPage][] {
    return [...(this.#sections?.entries() ?? []), ...(this.#roster?.entries() ?? [])];
  }

  /** Keeps `page` under `key` as it is: a page another worker of the same build kept (server/warm-start.ts). */
  adopt(key: string, page: CachedPage) {
    this.#cacheFor(key)?.set(key, page);
  }

  /** The page being rendered under `key` for another request, if any: resolves with it once kept. */
  pending(key: string): Promise<CachedPage | undefined> | undefined {
    return this.#pending.get(key);
  }

  /**
   * Renders `key` through `render` and keeps the answer if it is shareable; requests for the same
   * key meanwhile get the same page from `pending`, from the moment this is called. `schedule` runs
   * the render and the compression together (the render queue's place). Returns the answer as
   * rendered and what was kept of it (its body then read), even when it was too large to stay.
   */
  async fill(
    key: string,
    render: () => Promise<Response>,
    schedule: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ): Promise<{ response: Response; kept?: CachedPage }> {
    let settle!: (page: CachedPage | undefined) => void;
    this.#pending.set(key, new Promise((resolve) => (settle = resolve)));
    let kept: CachedPage | undefined;
    try {
      return await schedule(async () => {
        const response = await render();
        kept = await this.keep(key, response);
        return { response, kept };
      });
    } finally {
      this.#pending.delete(key);
      settle(kept);
    }
  }

  /** Keeps `response` under `key` if it is shareable, compressed; returns what was kept. */
  async keep(key: string, response: Response): Promise<CachedPage | undefined> {
    const cache = this.#cacheFor(key);
    if (!cache || !isShareable(response)) return undefined;
    const etag = response.headers.get("ETag") ?? undefined;
    const headers = [...response.headers].filter(
      ([name]) => !["etag", "content-length", "content-encoding", "vary"].includes(name),
    );
    const identity = Buffer.from(await response.arrayBuffer());
    const [br, gz] = await Promise.all([brotli(identity, BROTLI_OPTIONS), gzip(identity, GZIP_OPTIONS)]);
    const variants: CachedPage["variants"] = { identity: variant(headers, "identity", identity, etag) };
    // A tiny body (robots.txt) can come out larger compressed: it is then sent as it is.
    if (br.length < identity.length) variants.br = variant(headers, "br", br, variantETag(etag, "br"));
    if (gz.length < identity.length) variants.gzip = variant(headers, "gzip", gz, variantETag(etag, "gzip"));
    const lastModified = response.headers.get("Last-Modified") ?? undefined;
    const page: CachedPage = { status: response.status, headers, lastModified, variants };
    cache.set(key, page);
    return page;
  }
}

/**
 * The page cache. A page is the same bytes for a given URL and build, so the last few hundred
 * publicly cacheable 200 answers are kept in memory and replayed like static files, without
 * rendering. Each build has a cache of its own (`npm run dev` loads a new build on every edit).
 */
import { LRUCache } from "lru-cache";

/** A rendered answer as it is replayed. */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

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

/** The least recently used pages, up to `size` of them; with size 0 nothing is kept. */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage> | undefined;

  constructor(size: number) {
    this.#pages = size > 0 ? new LRUCache({ max: size }) : undefined;
  }

  get(key: string): CachedPage | undefined {
    return this.#pages?.get(key);
  }

  /** Keeps `response` under `key` if it is shareable; returns what was kept. */
  async keep(key: string, response: Response): Promise<CachedPage | undefined> {
    if (!this.#pages || !isShareable(response)) return undefined;
    const page = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    };
    this.#pages.set(key, page);
    return page;
  }
}

/**
 * Part of `npm run build`: a Brotli copy (`x.js.br`) of the browser build's scripts and styles, at
 * the highest quality, which is too slow per request. Each copy is kept in node_modules/.cache/
 * (the place build tools share) under its source's SHA-256, so a build whose scripts did not change,
 * such as a release of a content-only commit (release/), takes them from there instead of 1.8 s of
 * compressing on 2 cores.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";

const ROOT = path.join(import.meta.dirname, "../..");
const BUILD_DIR = path.join(ROOT, "public", "build");
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "precompress");
const COMPRESSIBLE = /\.(js|css)$/;
const compress = promisify(brotliCompress);

/** The Brotli bytes of `source`, from the cache or compressed (and then kept); one promise per distinct source. */
const pending = new Map();
function brotliOf(source) {
  const hash = createHash("sha256").update(source).digest("hex");
  if (!pending.has(hash)) pending.set(hash, cachedBrotli(hash, source));
  return pending.get(hash);
}

async function cachedBrotli(hash, source) {
  const cached = path.join(CACHE_DIR, `${hash}.br`);
  const kept = await readFile(cached).catch(() => undefined);
  if (kept) return { compressed: kept, reused: true };
  const compressed = await compress(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  // Written aside and renamed: two builds sharing node_modules never read half a file.
  const partial = `${cached}.${process.pid}`;
  await writeFile(partial, compressed);
  await rename(partial, cached);
  return { compressed, reused: false };
}

await mkdir(CACHE_DIR, { recursive: true });
const files = (await readdir(BUILD_DIR, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
// All at once: zlib compresses on libuv's thread pool, so the files share the machine's cores.
const sizes = await Promise.all(
  files.map(async (file) => {
    const source = await readFile(path.join(BUILD_DIR, file));
    const { compressed, reused } = await brotliOf(source);
    await writeFile(path.join(BUILD_DIR, `${file}.br`), compressed);
    return { before: source.length, after: compressed.length, reused };
  }),
);
const before = sizes.reduce((sum, size) => sum + size.before, 0);
const after = sizes.reduce((sum, size) => sum + size.after, 0);
const reused = sizes.filter((size) => size.reused).length;
console.log(
  `precompressed ${files.length} files in public/build: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (br; ${reused} unchanged since a build before, from node_modules/.cache)`,
);

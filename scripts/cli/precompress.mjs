/**
 * Part of `npm run build`: a Brotli copy (`x.js.br`) of the browser build's scripts and styles, at
 * the highest quality, which is too slow per request.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";

const BUILD_DIR = path.join(import.meta.dirname, "../..", "public", "build");
const COMPRESSIBLE = /\.(js|css)$/;
const compress = promisify(brotliCompress);

const files = (await readdir(BUILD_DIR, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
// All at once: zlib compresses on libuv's thread pool, so the files share the machine's cores.
const sizes = await Promise.all(
  files.map(async (file) => {
    const source = await readFile(path.join(BUILD_DIR, file));
    const compressed = await compress(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    await writeFile(path.join(BUILD_DIR, `${file}.br`), compressed);
    return { before: source.length, after: compressed.length };
  }),
);
const before = sizes.reduce((sum, size) => sum + size.before, 0);
const after = sizes.reduce((sum, size) => sum + size.after, 0);
console.log(
  `precompressed ${files.length} files in public/build: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (br)`,
);

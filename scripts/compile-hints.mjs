/**
 * Part of `npm run build`, before precompress.mjs: marks every script a page runs when it hydrates
 * (the entry, the routes and the chunks they import) with V8's compile hint
 * `//# allFunctionsCalledOnLoad`. Chrome then compiles their functions while the file downloads, on
 * a background thread, instead of on the main thread at first call: evaluating React's chunk on
 * this machine's Chromium went from about 22 to 6 ms (median of 9 loads of /contact). Scripts
 * loaded later (video.js, on the visitor's intent) are left alone, so nothing is compiled early for
 * nothing. Browsers without the hint read a comment.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "..");
const HINT = "//# allFunctionsCalledOnLoad\n";

const { assets, assetsBuildDirectory, publicPath } = await import(path.join(ROOT, "build", "index.js"));
const routes = Object.values(assets.routes);
const urls = new Set([
  assets.entry.module,
  ...assets.entry.imports,
  ...routes.flatMap((route) => [route.module, ...(route.imports ?? [])]),
]);

for (const url of urls) {
  const file = path.join(ROOT, assetsBuildDirectory, url.slice(publicPath.length));
  const source = await readFile(file, "utf8");
  if (!source.startsWith(HINT)) await writeFile(file, HINT + source);
}
console.log(`compile hints: ${urls.size} scripts run at hydration are compiled while they download`);

/**
 * Static files: the build's hashed assets (immutable for a year, their Brotli copies to browsers
 * that accept them) and the media under public/ (30 days).
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

import type { ServerBuild } from "@remix-run/node";
import express, { type RequestHandler, Router } from "express";

import { MEDIA_MAX_AGE } from "#model/media-paths.ts";

const ASSET_CACHE = { immutable: true, maxAge: "1y" };

// The static layer's MIME table predates AVIF; without this, the image ladders go out as octet-stream.
express.static.mime.define({ "image/avif": ["avif"] });

/**
 * The static files under `root` for this build. Build assets are precompressed with Brotli at its
 * highest level (scripts/cli/precompress.mjs), which is too slow to do per request; everything else is
 * compressed on the fly by the compression middleware in front. `previousAssets`, the release
 * before's (release/follower.ts), answer what this build's do not: a page opened before the switch
 * still loads the scripts it names.
 */
export async function staticFiles(
  root: string,
  build: Pick<ServerBuild, "assetsBuildDirectory" | "publicPath">,
  previousAssets?: string,
) {
  const router = Router();
  const assetDirs = [path.join(root, build.assetsBuildDirectory)];
  if (previousAssets && existsSync(previousAssets)) assetDirs.push(previousAssets);
  for (const assetsDir of assetDirs)
    router.use(
      build.publicPath,
      await brotliCopies(assetsDir),
      express.static(assetsDir, { ...ASSET_CACHE, index: false, redirect: false }),
    );
  // Media keep their names across deploys, so caches revalidate them after 30 days rather than a year;
  // an operator who replaces a file under the same name purges the CDN (see docs/deploy.md).
  router.use(
    express.static(path.join(root, "public"), { maxAge: MEDIA_MAX_AGE * 1000, index: false, redirect: false }),
  );
  return router;
}

/**
 * Sends a build asset's Brotli copy, when there is one and the client accepts `br` (compression then
 * leaves it alone). Written here rather than taken from express-static-gzip: its current major
 * brings Express 5's serve-static beside Express 4's, for what these dozen lines do.
 */
async function brotliCopies(assetsDir: string): Promise<RequestHandler> {
  /** Asset path under the build's public path → its Brotli copy. */
  const copies = new Map(
    (await readdir(assetsDir, { recursive: true }))
      .filter((file) => file.endsWith(".br"))
      .map((file) => [`/${file.slice(0, -".br".length).split(path.sep).join("/")}`, path.join(assetsDir, file)]),
  );
  return (req, res, next) => {
    const copy = copies.get(req.path);
    if (!copy || !req.acceptsEncodings("br")) return next();
    res.set({ "Content-Encoding": "br", Vary: "Accept-Encoding" });
    res.type(path.extname(req.path));
    res.sendFile(copy, ASSET_CACHE, (error) => error && next(error));
  };
}

/**
 * Media out of git, as docs/media.md lays it out: the demo's media published with
 * `npm run media:publish` to a real S3-protocol server (s3rver, on localhost), with the CORS rule
 * the command sets, and a copy of the project that has none of them in public/ (only the icons,
 * as the documented .gitignore keeps) built, checked against the bucket and served with
 * MEDIA_ORIGIN pointing at it. In Chromium: every media URL of the pages points at the bucket, the
 * images load from it, a reel plays from it (in the browser's own player, then in video.js's HLS
 * engine, which fetches across origins: CORS and ranges), the seek bar's thumbnails come from it,
 * no CSP violation, and no request for media reaches the site.
 */
import type { ChildProcess } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { artists, reels } from "#app/content/index.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { startServer } from "#tests/support/server-process.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { mediaUrlsOf, playNativeThenInHlsEngine } from "#tests/support/media-urls.ts";
import { S3RVER_KEYS, startS3rver } from "#tests/support/s3rver.ts";
import { freePort, PROJECT_SOURCES, run, scratchProject } from "#tests/support/scratch-project.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
const BUCKET = "agency-media";
const REEL = reels[0];

/**
 * A copy of the project as an operator's clone is once its media are out of git: the source,
 * the content and media/manifest.json, and of public/ only what stays committed (the icons,
 * favicon and web manifest), nothing under public/images but icons/ and no public/videos.
 */
async function cloneWithoutMedia(): Promise<string> {
  const dir = await scratchProject("media-bucket-", PROJECT_SOURCES, ["images"]);
  await rm(path.join(dir, "app/content/generated.js"), { force: true });
  await rm(path.join(dir, "public/videos"));
  for (const entry of await readdir(path.join(dir, "public/images"))) {
    if (entry !== "icons") await rm(path.join(dir, "public/images", entry));
  }
  await mkdir(path.join(dir, "media"));
  await copyFile(path.join(ROOT, "media/manifest.json"), path.join(dir, "media/manifest.json"));
  return dir;
}

test.describe("media in a bucket", () => {
  test("a clone with its media only in the bucket builds, starts, and takes every picture and film from there", async ({
    page,
    csp,
    player,
  }) => {
    test.setTimeout(360_000);
    const directory = await mkdtemp(path.join(tmpdir(), "media-bucket-store-"));
    const clone = await cloneWithoutMedia();
    const storePort = await freePort();
    const store = await startS3rver(storePort, directory, BUCKET);
    let site: ChildProcess | undefined;
    try {
      const sitePort = await freePort();
      const siteOrigin = `http://127.0.0.1:${sitePort}`;
      const endpoint = `http://127.0.0.1:${storePort}`;
      // Published from this checkout, which has the media (the operator's machine that made them).
      const published = run(ROOT, "npm", ["run", "--silent", "media:publish", "--", "--cors", siteOrigin], {
        ...S3RVER_KEYS,
        MEDIA_BUCKET: BUCKET,
        MEDIA_ENDPOINT: endpoint,
      });
      expect(published).toMatch(/\d+ uploaded, 0 unchanged/);

      // The clone knows its media are in the bucket: the check asks the bucket for each file the
      // content names, and the build refuses nothing public/ lacks.
      const mediaOrigin = `${endpoint}/${BUCKET}`;
      run(clone, "npm", ["run", "--silent", "content:check", "--", "--remote"], { MEDIA_ORIGIN: mediaOrigin });
      run(clone, "npm", ["run", "--silent", "build"], { MEDIA_ORIGIN: mediaOrigin });
      site = (await startServer(sitePort, { cwd: clone, env: { MEDIA_ORIGIN: mediaOrigin } })).child;
      const mediaFromSite: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.origin === siteOrigin && /^\/(images|videos)\//.test(url.pathname)) mediaFromSite.push(url.pathname);
      });

      for (const pagePath of [
        "/artists/directors",
        "/clients",
        "/collective-reels",
        artists.directors[0].url,
        `/${REEL.slug}`,
      ]) {
        await page.goto(siteOrigin + pagePath);
        const urls = await mediaUrlsOf(page);
        expect(urls.length, pagePath).toBeGreaterThan(0);
        for (const url of urls) expect(url, pagePath).toMatch(new RegExp(`^${mediaOrigin}/(images|videos)/`));
        // Every image the page asked for at once arrived, from the bucket.
        await expect
          .poll(
            () =>
              page.evaluate(() =>
                [...document.images]
                  .filter((image) => image.loading !== "lazy" && !(image.complete && image.naturalWidth > 0))
                  .map((image) => image.currentSrc),
              ),
            { message: pagePath },
          )
          .toEqual([]);
      }

      await playNativeThenInHlsEngine(player, `${siteOrigin}/${REEL.slug}`, async () =>
        expect(await csp.violations()).toEqual([]),
      );
      const video = page.locator(".video-js video");

      // The seek bar's thumbnails: their index (fetched with CORS) and their sprite come from the bucket.
      // Paused, so video.js keeps its control bar in reach (a playing reel's fades out, unreachable).
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      await expect(page.locator(".video-js")).toHaveClass(/vjs-paused/);
      const sprite = page.waitForResponse(`${mediaOrigin}${mediaPaths.seekThumbnails(REEL.slug).sprite}`, {
        timeout: 20_000,
      });
      const holder = (await page.locator(".vjs-progress-holder").boundingBox())!;
      await page.mouse.move(holder.x + 2, holder.y + holder.height / 2);
      await page.mouse.move(holder.x + holder.width / 2, holder.y + holder.height / 2, { steps: 4 });
      await expect(page.locator(".reel-seek-frame")).toHaveCSS(
        "background-image",
        `url("${mediaOrigin}${mediaPaths.seekThumbnails(REEL.slug).sprite}")`,
      );
      expect((await sprite).status()).toBe(200);

      // A part of the MP4, as a player seeking in it asks, from the page: the bucket answers the
      // range across origins.
      const mp4 = `${mediaOrigin}${REEL.sources.find((source) => source.type === "video/mp4")?.src}`;
      const part = await page.evaluate(async (url) => {
        const response = await fetch(url, { headers: { Range: "bytes=1000-1999" } });
        return {
          status: response.status,
          bytes: (await response.arrayBuffer()).byteLength,
          range: response.headers.get("Content-Range"),
        };
      }, mp4);
      expect(part).toEqual({ status: 206, bytes: 1000, range: expect.stringMatching(/^bytes 1000-1999\/\d+$/) });

      expect(await csp.violations()).toEqual([]);
      expect(mediaFromSite).toEqual([]);
    } finally {
      site?.kill();
      store.kill();
      await rm(directory, { recursive: true, force: true });
      await rm(clone, { recursive: true, force: true });
    }
  });
});

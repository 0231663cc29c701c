/**
 * The editing screen's script (edit/ui.tsx and Keystatic, about 3 MB), bundled and compressed once
 * at start, served under a URL naming its content hash. A browser keeps it for a year without asking again; a start that bundles other code names
 * another URL in the page, which is never cached.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

import Negotiator from "negotiator";

/** Preferred first: brotli is the smallest, identity for a client that accepts neither. */
const ENCODINGS = ["br", "gzip", "identity"] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * Brotli's quality 9, not its best (11): 11 takes about 10 s of every start for 9% fewer bytes
 * (3.1 MB → 0.79 MB at 9 in 0.5 s, 0.72 MB at 11).
 */
const BROTLI_QUALITY = 9;

export interface ScreenBundle {
  /** The script's URL path, with its content hash: /edit/screen.{hash}.js. */
  path: string;
  /** The answer to a request for `path`: the script in the best encoding it accepts, kept for good. */
  answer(request: Request): Response;
}

/**
 * Bundled once, at start, by esbuild's command in a process of its own that ends with it: esbuild's
 * JavaScript API (build and buildSync alike, in 0.17) keeps its service process, about 210 MB, beside
 * the server for good.
 */
async function bundleScreen(root: string): Promise<Buffer> {
  const esbuild = path.join(root, "node_modules/.bin/esbuild");
  const args = [
    "edit/ui.tsx",
    "--bundle",
    "--format=esm",
    "--jsx=automatic",
    "--minify",
    '--define:process.env.NODE_ENV="production"',
    "--log-level=warning",
  ];
  const bundled = await promisify(execFile)(esbuild, args, {
    cwd: root,
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
  });
  return bundled.stdout;
}

/** The screen's script of the project at `root`, bundled, served as /edit/screen.{hash}.js. */
export async function screenBundle(root: string): Promise<ScreenBundle> {
  const script = await bundleScreen(root);
  const hash = createHash("sha256").update(script).digest("hex").slice(0, 16);
  const [brotli, gzipped] = await Promise.all([
    promisify(brotliCompress)(script, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: script.length,
      },
    }),
    promisify(gzip)(script, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // Copied once into buffers of their own, which a Response takes as they are.
  const bodies: Record<Encoding, Uint8Array<ArrayBuffer>> = {
    br: new Uint8Array(brotli),
    gzip: new Uint8Array(gzipped),
    identity: new Uint8Array(script),
  };
  return {
    path: `/edit/screen.${hash}.js`,
    answer(request) {
      // Nothing acceptable (`identity;q=0` alone): the plain bytes, as RFC 9110 (12.5.3) allows.
      const accepted = { headers: { "accept-encoding": request.headers.get("accept-encoding") ?? undefined } };
      const encoding = new Negotiator(accepted).encoding(ENCODINGS, ENCODINGS) ?? "identity";
      const body = bodies[encoding];
      return new Response(body, {
        headers: {
          "content-type": "text/javascript; charset=utf-8",
          "content-length": String(body.byteLength),
          "cache-control": "public, max-age=31536000, immutable",
          vary: "accept-encoding",
          ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        },
      });
    },
  };
}

/**
 * One folder served by express.static behind the same compression middleware as the server, in a
 * process of its own: the benchmark's baseline, and with `--media` a stand-in for the object storage
 * or CDN that MEDIA_ORIGIN names (the cluster's tests serve public/ with it). Ranges are served
 * either way. Usage: node static-server.mjs <dir> <port> [--media]
 *
 * `--media` adds what a media origin needs (docs/deploy.md): CORS, so the HLS engine may fetch
 * playlists and segments from the site's pages, and the site's 30-day lifetime for media.
 */
import compression from "compression";
import express from "express";

const [dir, port, mode] = process.argv.slice(2);
const media = mode === "--media";
const app = express();
app.disable("x-powered-by");
if (media) {
  app.use((req, res, next) => {
    res.set({
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, HEAD",
      "Access-Control-Allow-Headers": "Range",
      "Access-Control-Expose-Headers": "Content-Length, Content-Range, Accept-Ranges",
      "Access-Control-Max-Age": "86400",
    });
    if (req.method === "OPTIONS") return res.sendStatus(204);
    next();
  });
}
app.use(compression());
app.use(express.static(dir, media ? { maxAge: "30d", index: false, redirect: false } : {}));
app.get("/healthz", (req, res) => res.send("ok\n"));
app.listen(Number(port), "127.0.0.1");

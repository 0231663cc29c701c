/**
 * `node static-server.mjs <dir> <port> [--media]`: one folder behind the server's compression, the
 * benchmark's baseline; with `--media`, a bucket's stand-in (CORS and the site's 30-day lifetime).
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

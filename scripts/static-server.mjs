/**
 * The benchmark's baseline: one folder served by express.static behind the same compression
 * middleware as server.mjs, in a process of its own. Usage: node static-server.mjs <dir> <port>
 */
import compression from "compression";
import express from "express";

const [dir, port] = process.argv.slice(2);
const app = express();
app.use(compression());
app.use(express.static(dir));
app.get("/healthz", (req, res) => res.send("ok\n"));
app.listen(Number(port), "127.0.0.1");

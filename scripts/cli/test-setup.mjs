/**
 * Installs what the end-to-end tests need when it is missing: a Chromium, Firefox and WebKitGTK with
 * Xvfb, ffmpeg, Varnish, PostgreSQL and promtool (each from apt-get as root, or a message saying what
 * to install). `npm test` runs it beside lint and the type check; it runs alone too.
 */
import { ensureBrowser } from "#scripts/setup/ensure-browser.mjs";
import { ensureEngines } from "#scripts/setup/ensure-engines.mjs";
import { ensureFfmpeg } from "#scripts/setup/ensure-ffmpeg.mjs";
import { ensurePostgres } from "#scripts/setup/ensure-postgres.mjs";
import { ensurePrometheus } from "#scripts/setup/ensure-prometheus.mjs";
import { ensureVarnish } from "#scripts/setup/ensure-varnish.mjs";

ensureBrowser();
ensureEngines();
ensureFfmpeg();
ensureVarnish();
ensurePostgres();
ensurePrometheus();

/**
 * One instance of the site (why not remix-serve: docs/decisions/0002-own-server.md): reads the
 * environment (docs/deploy.md, "Configuration"), loads the build and, under `npm run dev`, each
 * rebuild with a page cache of its own, listens (and serves the metrics on their own port when
 * asked), logs JSON lines, and shuts down gracefully on SIGTERM or SIGINT. Started by index.ts, on
 * its own or as the worker serving a followed branch's release.
 */
import { stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";

import {
  type AppLoadContext,
  broadcastDevReady,
  createRequestHandler,
  installGlobals,
  type ServerBuild,
} from "@remix-run/node";

import { createCollector } from "#analytics/collector.ts";
import { forwarder, forwardSettings } from "#analytics/forward.ts";
import { storeSettings } from "#analytics/settings.ts";
import { openStore } from "#analytics/store.ts";
import { SITE_URL } from "#app/lib/site-url.server.ts";
import { WARM_SETTING } from "#model/warm-pages.ts";
import { createApp, type Serving } from "./app.ts";
import { eventEndpoint, isEventRequest, trustProxySetting } from "./event-endpoint.ts";
import { stoppable } from "./graceful-stop.ts";
import { releaseStatus } from "./healthz.ts";
import { refuseConnect, REQUEST_ORIGIN } from "./http-policy.ts";
import type { Logger } from "./log.ts";
import { createMetrics, metricsSettings } from "./metrics.ts";
import { PageCache, pageCacheBytes } from "./page-cache.ts";
import { DEFAULT_RENDER_CONCURRENCY, DEFAULT_RENDER_QUEUE, RenderQueue } from "./render-queue.ts";
import { answerPagesAsked, warmCache, warmStart } from "./warm-start.ts";

/** How long a recipient link's page waits for the store to say whether the link counts. */
const LINK_CHECK_MS = 1_000;

/** Starts an instance serving the build in `root`/build on `port`; it stops on SIGTERM or SIGINT. */
export async function startInstance({
  root,
  port,
  host,
  log,
}: {
  root: string;
  port: number;
  host?: string;
  log: Logger;
}) {
  const development = process.env.NODE_ENV === "development";
  const pageCacheLimit = pageCacheBytes(process.env, (message) => log.warn(message));
  const metrics = createMetrics(metricsSettings(process.env));
  const renderQueue = new RenderQueue(
    Number(process.env.RENDER_CONCURRENCY || DEFAULT_RENDER_CONCURRENCY),
    Number(process.env.RENDER_QUEUE ?? DEFAULT_RENDER_QUEUE),
  );
  const buildPath = path.join(root, "build/index.js");

  installGlobals({ nativeFetch: true });

  /** The app's server build; the file's modification time in the URL makes Node load a rebuilt one afresh. */
  async function importBuild(): Promise<ServerBuild> {
    const { mtimeMs } = await stat(buildPath);
    return import(`${pathToFileURL(buildPath).href}?t=${mtimeMs}`);
  }

  /** Remix's request handler for `build`, given the instance's load context, with a page cache of its own. */
  function servingOf(build: ServerBuild): Serving {
    const handle = createRequestHandler(build, process.env.NODE_ENV);
    return {
      render: (request) => handle(request, loadContext),
      pageCache: new PageCache(pageCacheLimit),
      routes: build.routes,
    };
  }

  /**
   * Where the pages' events go (docs/deploy.md, "Analytics"): the store its settings name, and the
   * operator's Plausible or Umami too when asked; none under ANALYTICS=off. A store that cannot be
   * opened stops the server at start, with the reason, rather than losing every event unseen.
   */
  async function openCollector() {
    const settings = storeSettings(process.env, root);
    if (!settings.enabled) return undefined;
    const site = new URL(SITE_URL).host;
    const forwarding = forwardSettings(process.env, site);
    const failed = (error: unknown) => log.error({ err: error }, "analytics: the store failed");
    return createCollector({
      store: await openStore(settings),
      recipientLinks: settings.recipientLinks,
      site,
      forward: forwarding && forwarder(forwarding, (why) => log.warn(`analytics: an event was not forwarded (${why})`)),
      dropped: (count) => metrics.countEvent("dropped", count),
      failed,
    });
  }

  const collector = await openCollector();
  /**
   * What every loader is given (app/load-context.d.ts). Whether a recipient link counts is the
   * collector's to say, none under ANALYTICS=off; a store that fails says no (the collector logs it),
   * so the selects page shows its list without the notice rather than an error.
   */
  const loadContext: AppLoadContext = {
    recipientLink: async (token) => {
      // A store that hangs must not hold the buyer's page: past a second, it shows without the notice.
      const late = sleep(LINK_CHECK_MS, "late" as const, { ref: false });
      const active = await Promise.race([collector?.activeLink(token) ?? false, late]);
      if (active === "late") log.warn("analytics: a recipient link was not checked within a second");
      return active === true;
    },
  };
  const events = eventEndpoint({
    collector,
    count: (outcome) => metrics.countEvent(outcome),
    failed: (error) => log.error({ err: error }, "analytics: an event was lost"),
    trustProxy: trustProxySetting(process.env.TRUST_PROXY),
  });

  let build = await importBuild();
  let serving = servingOf(build);
  const app = await createApp({
    root,
    build,
    serving: () => serving,
    renderQueue,
    log,
    metrics,
    release: releaseStatus(process.env),
    previousAssets: process.env.SITE_PREVIOUS_ASSETS,
  });

  // A worker of a followed branch answers the follower with its pages, and starts with those of the one it replaces.
  if (process.env[WARM_SETTING]) {
    answerPagesAsked(() => serving.pageCache);
    const started = performance.now();
    const { pageCache, render } = serving;
    const warmed = await warmCache(pageCache, (key) => render(new Request(REQUEST_ORIGIN + key)), await warmStart());
    const ms = Math.round(performance.now() - started);
    log.info({ ...warmed, ms }, `warm: ${warmed.carried} page(s) kept, ${warmed.rendered} rendered before listening`);
  }

  // The pages' events go straight to their endpoint; everything else to the app, which answers a page
  // already in the page cache before Express (event-endpoint.ts and cache-hit.ts say why).
  const server = http
    .createServer((request, response) => (isEventRequest(request) ? events(request, response) : app(request, response)))
    .listen({ port, host }, () => {
      log.info(`Listening on http://${host ?? "localhost"}:${port}`);
      if (development) broadcastDevReady(build);
    });
  server.on("connect", refuseConnect);
  const { stop } = stoppable(server);

  const metricsServer = metrics.enabled ? await metrics.listen() : undefined;
  if (metricsServer) {
    const { address, port: metricsPort } = metricsServer.address() as AddressInfo;
    log.info(`Metrics on http://${address.includes(":") ? `[${address}]` : address}:${metricsPort}/metrics`);
  }

  if (development) {
    // chokidar, as in Remix's manual-mode guide, is a dev dependency: imported here only, so production never needs it.
    const { watch } = await import("chokidar");
    const reload = async () => {
      try {
        build = await importBuild();
        serving = servingOf(build);
        await broadcastDevReady(build);
      } catch (error) {
        // The last good build keeps serving; the next save tries again.
        log.error({ err: error }, "could not load the new build");
      }
    };
    // `remix dev` writes build/version.txt last, once the whole build is on disk.
    watch(path.join(root, "build/version.txt"), { ignoreInitial: true }).on("add", reload).on("change", reload);
  }

  /** Finishes the requests in flight and exits (graceful-stop.ts says how, within 10 s). */
  function shutdown(signal: NodeJS.Signals) {
    log.info(`${signal}: finishing requests in flight, then exiting`);
    metricsServer?.close();
    // The events still held are written before the process goes.
    stop(() => void (collector?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
  }
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

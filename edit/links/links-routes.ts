/**
 * Links for one recipient in the editing screen (docs/privacy.md, "Links for one buyer"): the page
 * /edit/links and its script, and the JSON API it reads as any tool could:
 * - GET /edit/api/links?from=&to= → LinksAnswer (what each link's visits did in those days);
 * - POST /edit/api/links `{ artists, recipient, expires? }` → 201 `{ id, url, plainUrl }` (409 while links are off);
 * - DELETE /edit/api/links/{id} revokes: its page still shows the shortlist, and counts nothing;
 * - DELETE /edit/api/links?recipient=… erases every link made for that recipient, and all they recorded.
 * Both editing servers route these through editingScreen(), behind sign-in on the team's service.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { linkFigures } from "#analytics/link-figures.ts";
import type { StoreSettings } from "#analytics/settings.ts";
import type { AnalyticsStore } from "#analytics/store.ts";
import { dayOf, type LinksAnswer } from "#analytics/types.ts";
import { bodyOf } from "#edit/http/request-body.ts";
import { LINKS_PATHS } from "#edit/views/editing-paths.ts";
import { dayRange, shownRange } from "#edit/views/range.ts";
import type { ViewsContent } from "#edit/views/views-content.ts";
import { send } from "#edit/http/send.ts";
import { storeFailure } from "#edit/views/views-store.ts";
import { linkRequestShape } from "#model/recipient-link.ts";
import { ARTISTS_PARAM, shortlistUrl } from "#model/shortlist-url.ts";
import { linksPage } from "./links-page.ts";

/** The page's script as the servers bundle it (edit/server/screen-bundle.ts): its URL path, and its answer. */
export interface PageScript {
  path: string;
  send(request: IncomingMessage, response: ServerResponse): void;
}

// edit-server.ts still takes it from here.
export { LINKS_PATHS };

/** A link's request is a few ids and a name. */
const MAX_BODY_BYTES = 16 * 1024;
const DAY_MS = 86_400_000;

export interface LinksOptions {
  /** The content's names as they are now: a link names artists that exist. */
  content(): ViewsContent;
  /** The analytics store (views-store.ts's openOnce), or a StoreUnavailable saying why not. */
  open(): Promise<AnalyticsStore>;
  /** The store's settings as the site reads them: whether links count, and how long they are kept. */
  settings(): Pick<StoreSettings, "recipientLinks" | "recipientRetentionDays">;
  /** The public site's origin, which the links' URLs start with. */
  siteUrl: string;
  script: PageScript;
  now?: () => Date;
}

const sendJson = (response: ServerResponse, status: number, value: unknown) =>
  send(response, status, JSON.stringify(value), "application/json");

/** A refusal naming the field: "Bad Request: recipient: say whom the link is for". */
const badRequest = (response: ServerResponse, reason: string) => send(response, 400, `Bad Request: ${reason}`);

export function linksRoutes({ content, open, settings, siteUrl, script, now = () => new Date() }: LinksOptions) {
  async function list(response: ServerResponse, url: URL) {
    const at = now();
    const range = dayRange(url.searchParams, at);
    if ("error" in range) return badRequest(response, range.error);
    const store = await open();
    const [links, events] = await Promise.all([store.links.list(), store.links.events(range.from, range.to)]);
    const { recipientLinks, recipientRetentionDays } = settings();
    const answer: LinksAnswer = {
      enabled: recipientLinks,
      retentionDays: recipientRetentionDays,
      links: links.map((link) => linkFigures(link, events, siteUrl, at)),
    };
    sendJson(response, 200, answer);
  }

  async function create(request: IncomingMessage, response: ServerResponse) {
    // JSON only: a page elsewhere cannot send it without asking first (a CORS preflight nobody answers).
    if (request.headers["content-type"]?.split(";")[0].trim() !== "application/json")
      return badRequest(response, "a link is asked for as application/json");
    if (!settings().recipientLinks)
      return send(
        response,
        409,
        "Links for one recipient are off here: the operator turns them on with ANALYTICS_RECIPIENT_LINKS=on.",
      );
    const body = await bodyOf(request, MAX_BODY_BYTES);
    if (body === undefined) return send(response, 413, `A link's request is at most ${MAX_BODY_BYTES} bytes.`);
    let json: unknown;
    try {
      json = JSON.parse(body.toString("utf8"));
    } catch {
      return badRequest(response, "the body is not JSON");
    }
    const at = now();
    const parsed = linkRequestShape({ names: content().artists, today: dayOf(at) }).safeParse(json);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      return badRequest(response, `${issue.path.join(".") || "body"}: ${issue.message}`);
    }
    const { artists, recipient } = parsed.data;
    // A date is the last day the link counts, to its end (UTC).
    const expires = parsed.data.expires === undefined ? null : Date.parse(`${parsed.data.expires}T00:00:00Z`) + DAY_MS;
    const store = await open();
    const link = await store.links.create({ recipient, artists, expires }, at);
    const url = shortlistUrl(siteUrl, link.artists, link.token);
    sendJson(response, 201, { id: link.id, url, plainUrl: shortlistUrl(siteUrl, link.artists) });
  }

  async function remove(response: ServerResponse, url: URL, id: string | undefined) {
    const store = await open();
    if (id === undefined) {
      const recipient = url.searchParams.get("recipient");
      if (!recipient) return badRequest(response, "recipient: say whose links to erase (?recipient=…)");
      return sendJson(response, 200, { erased: await store.links.erase(recipient) });
    }
    if (!(await store.links.revoke(id, now()))) return send(response, 404, `Not Found: no link has the id ${id}`);
    sendJson(response, 200, { id, revoked: true });
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const rest = url.pathname.slice(LINKS_PATHS.api.length);
    const id = rest === "" ? undefined : /^\/([A-Za-z0-9_-]{1,64})$/.exec(rest)?.[1];
    if (rest !== "" && id === undefined) return send(response, 404, "Not Found");
    const method = request.method ?? "GET";
    const allowed = id === undefined ? ["GET", "HEAD", "POST", "DELETE"] : ["DELETE"];
    if (!allowed.includes(method)) {
      response.setHeader("allow", allowed.join(", "));
      return send(response, 405, "Method Not Allowed");
    }
    try {
      if (method === "POST") await create(request, response);
      else if (method === "DELETE") await remove(response, url, id);
      else await list(response, url);
    } catch (error) {
      const { status, message } = storeFailure(error);
      send(response, status, message);
    }
  }

  return {
    /** Answers the links' paths (with `banner` above the page); false for any other. */
    async serve(request: IncomingMessage, response: ServerResponse, url: URL, banner = ""): Promise<boolean> {
      if (url.pathname === LINKS_PATHS.api || url.pathname.startsWith(`${LINKS_PATHS.api}/`))
        await api(request, response, url);
      else if (url.pathname === script.path) script.send(request, response);
      else if (url.pathname === LINKS_PATHS.page && request.method !== "GET" && request.method !== "HEAD") {
        response.setHeader("allow", "GET, HEAD");
        send(response, 405, "Method Not Allowed");
      } else if (url.pathname === LINKS_PATHS.page) {
        const page = linksPage({
          range: shownRange(url.searchParams, now()),
          content: content(),
          script: script.path,
          banner,
          artists: url.searchParams.get(ARTISTS_PARAM) ?? "",
        });
        send(response, 200, page, "text/html; charset=utf-8");
      } else return false;
      return true;
    },
  };
}

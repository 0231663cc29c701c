/**
 * Links for one recipient (docs/privacy.md, "Links for one buyer"): the Links page's list and its
 * forms' action (GET and POST /edit/links), and the same for any client, as JSON:
 * - GET /edit/api/links?from=&to= → LinksAnswer (what each link's visits did in those days);
 * - POST /edit/api/links `{ artists, recipient, expires? }` → 201 `{ id, url, plainUrl }` (409 while links are off);
 * - DELETE /edit/api/links/{id} revokes: its page still shows the shortlist, and counts nothing;
 * - DELETE /edit/api/links?recipient=… erases every link made for that recipient, and all they recorded.
 * A link's request is checked by one schema (model/recipient-link.ts), whether it came as the page's
 * form or as JSON; refusals name the field.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { linkFigures } from "#analytics/link-figures.ts";
import { dayOf, type LinksAnswer } from "#analytics/types.ts";
import { erasedMessage, type FieldError, linkRequest, quoted } from "#edit/app/lib/links-format.ts";
import { type EditingContext, editingOf } from "#edit/server/editing-context.ts";
import { boundedBody } from "#edit/http/request-body.ts";
import { dayRange, type DayRange, shownRange } from "#edit/views/range.ts";
import { storeFailure } from "#edit/views/views-store.ts";
import { type LinkRequest, linkRequestShape } from "#model/recipient-link.ts";
import { ARTISTS_PARAM, shortlistUrl } from "#model/shortlist-url.ts";
import { methodNotAllowed, textAnswer } from "#edit/http/answers.ts";

/** A link's request is a few ids and a name. */
const MAX_BODY_BYTES = 16 * 1024;
const DAY_MS = 86_400_000;
/** A link's id, as the store makes them. */
const LINK_ID = /^[A-Za-z0-9_-]{1,64}$/;

const LINKS_OFF = "Links for one recipient are off here: the operator turns them on with ANALYTICS_RECIPIENT_LINKS=on.";
const TOO_LARGE = `A link's request is at most ${MAX_BODY_BYTES} bytes.`;

/** The links, newest first, with what their visits did in the days of `range`. */
async function listed(editing: EditingContext, range: DayRange, at: Date): Promise<LinksAnswer> {
  const { recipientLinks, recipientRetentionDays } = editing.links.settings();
  const store = await editing.links.open();
  const [links, events] = await Promise.all([store.links.list(), store.links.events(range.from, range.to)]);
  return {
    enabled: recipientLinks,
    retentionDays: recipientRetentionDays,
    links: links.map((link) => linkFigures(link, events, editing.links.siteUrl, at)),
  };
}

/** Makes the link `asked` for: its id, its URL with the token, and the same shortlist's plain URL. */
async function made(editing: EditingContext, asked: LinkRequest, at: Date) {
  const { artists, recipient } = asked;
  // A date is the last day the link counts, to its end (UTC).
  const expires = asked.expires === undefined ? null : Date.parse(`${asked.expires}T00:00:00Z`) + DAY_MS;
  const link = await (await editing.links.open()).links.create({ recipient, artists, expires }, at);
  const { siteUrl } = editing.links;
  return {
    id: link.id,
    url: shortlistUrl(siteUrl, link.artists, link.token),
    plainUrl: shortlistUrl(siteUrl, link.artists),
  };
}

const revoked = async (editing: EditingContext, id: string) =>
  (await editing.links.open()).links.revoke(id, editing.views.now());

const erased = async (editing: EditingContext, recipient: string) =>
  (await editing.links.open()).links.erase(recipient);

/** The answer of a request the store could not serve: its 503, in the operator's words. */
function storeAnswer(error: unknown) {
  const { status, message } = storeFailure(error);
  return textAnswer(status, message);
}

const refused = (reason: string) => textAnswer(400, `Bad Request: ${reason}`);

/**
 * The page's: the days shown, the content's names, the shortlist field's first value (its ?artists=,
 * as the views page's "Make a link" sends it) and the links, or why there are none, which the page
 * says in its status line. Always 200: the page is there, whatever the store says.
 */
export async function linksPageLoader({ request, context }: LoaderFunctionArgs) {
  const editing = editingOf(context);
  const params = new URL(request.url).searchParams;
  const now = editing.views.now();
  const page = {
    range: shownRange(params, now),
    today: dayOf(now),
    content: editing.views.content(),
    artists: params.get(ARTISTS_PARAM) ?? "",
  };
  const range = dayRange(params, now);
  if ("error" in range) return { ...page, problem: `Bad Request: ${range.error}`, answer: null };
  try {
    return { ...page, problem: "", answer: await listed(editing, range, now) };
  } catch (error) {
    return { ...page, problem: storeFailure(error).message, answer: null };
  }
}

/** What the page's form was given, as typed, so a refusal shows it again. */
interface Typed {
  shortlist: string;
  recipient: string;
  expires: string;
}

/** What a form of the page did: its words for the status line, and for a made link its URLs. */
type Done =
  | { intent: "make"; message: string; made: { recipient: string; url: string; plainUrl: string } }
  | { intent: "make"; message: string; refused: FieldError; typed: Typed }
  | { intent: "revoke" | "erase" | "none"; message: string };

const done = (value: Done, status = 200) => json(value, { status });

/**
 * POST /edit/links: the page's forms, by the button pressed (`intent`): make a link from the form's
 * fields, revoke one (`id`), erase a recipient's (`recipient`). Works without the page's script too.
 */
export async function linksPageAction({ request, context }: ActionFunctionArgs) {
  const editing = editingOf(context);
  const body = await boundedBody(request, MAX_BODY_BYTES);
  if (body === undefined) return done({ intent: "none", message: TOO_LARGE }, 413);
  const form = new URLSearchParams(body.toString("utf8"));
  const field = (name: string) => form.get(name) ?? "";
  const intent = field("intent");
  try {
    if (intent === "make") {
      if (!editing.links.settings().recipientLinks) return done({ intent: "none", message: LINKS_OFF }, 409);
      const now = editing.views.now();
      const typed = { shortlist: field("shortlist"), recipient: field("recipient"), expires: field("expires") };
      const asked = linkRequest(typed, editing.views.content().artists, dayOf(now));
      if ("error" in asked) return done({ intent, message: asked.error, refused: asked, typed }, 400);
      const link = await made(editing, asked.body, now);
      const { recipient } = asked.body;
      return done({ intent, message: `Made a link for ${quoted(recipient)}.`, made: { recipient, ...link } });
    }
    if (intent === "revoke") {
      const recipient = field("recipient");
      if (!(await revoked(editing, field("id")))) return done({ intent, message: "No link has that id." }, 404);
      const message = `Revoked the link for ${quoted(recipient)}: it still shows the shortlist, but counts nothing more.`;
      return done({ intent, message });
    }
    if (intent === "erase") {
      const recipient = field("recipient");
      return done({ intent, message: erasedMessage(recipient, await erased(editing, recipient)) });
    }
  } catch (error) {
    return done({ intent: "none", message: storeFailure(error).message }, 503);
  }
  return done({ intent: "none", message: "Bad Request: intent: make, revoke or erase" }, 400);
}

/** GET /edit/api/links: the links and what their visits did, for the days asked. */
export async function linksApiLoader({ request, context }: LoaderFunctionArgs) {
  const editing = editingOf(context);
  const now = editing.views.now();
  const range = dayRange(new URL(request.url).searchParams, now);
  if ("error" in range) return refused(range.error);
  try {
    return Response.json(await listed(editing, range, now));
  } catch (error) {
    return storeAnswer(error);
  }
}

/** POST /edit/api/links: a link made from JSON. A page elsewhere cannot send JSON without asking first (a CORS preflight nobody answers). */
async function create(request: Request, editing: EditingContext) {
  if (request.headers.get("content-type")?.split(";")[0].trim() !== "application/json")
    return refused("a link is asked for as application/json");
  if (!editing.links.settings().recipientLinks) return textAnswer(409, LINKS_OFF);
  const body = await boundedBody(request, MAX_BODY_BYTES);
  if (body === undefined) return textAnswer(413, TOO_LARGE);
  let asked: unknown;
  try {
    asked = JSON.parse(body.toString("utf8"));
  } catch {
    return refused("the body is not JSON");
  }
  const now = editing.views.now();
  const parsed = linkRequestShape({ names: editing.views.content().artists, today: dayOf(now) }).safeParse(asked);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return refused(`${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  const link = await made(editing, parsed.data, now);
  return Response.json(link, { status: 201 });
}

/** POST makes a link; DELETE ?recipient=… erases that recipient's. */
export async function linksApiAction({ request, context }: ActionFunctionArgs) {
  const editing = editingOf(context);
  try {
    if (request.method === "POST") return await create(request, editing);
    if (request.method !== "DELETE") return methodNotAllowed("GET, HEAD, POST, DELETE");
    const recipient = new URL(request.url).searchParams.get("recipient");
    if (!recipient) return refused("recipient: say whose links to erase (?recipient=…)");
    return Response.json({ erased: await erased(editing, recipient) });
  } catch (error) {
    return storeAnswer(error);
  }
}

/** /edit/api/links/{id}: DELETE revokes that link; nothing else is asked of one. */
export const linkApiLoader = () => methodNotAllowed("DELETE");

export async function linkApiAction({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const id = params.id ?? "";
  if (!LINK_ID.test(id)) return textAnswer(404, "Not Found");
  try {
    if (!(await revoked(editingOf(context), id))) return textAnswer(404, `Not Found: no link has the id ${id}`);
    return Response.json({ id, revoked: true });
  } catch (error) {
    return storeAnswer(error);
  }
}

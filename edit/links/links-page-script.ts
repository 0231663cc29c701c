/**
 * The links page in the browser (links-page.ts): reads the links and their visits from
 * GET /edit/api/links, as any client of that API would, and lists them; makes, revokes and erases
 * through the same API, then reads the list again. Plain DOM, a few KB, like the views page's script.
 * Text goes in as text; the API's refusals (text/plain) are shown as they come.
 */
import { dayOf, type LinksAnswer } from "#analytics/types.ts";
import { LINKS_PATHS } from "#edit/views/editing-paths.ts";
import type { ViewsContent } from "#edit/views/views-content.ts";
import { erasedMessage, eraseQuestion, linkRequest, quoted, readShortlist, revokeQuestion } from "./links-format.ts";
import { LINKS_PAGE_IDS as IDS } from "./links-page.ts";
import { element, linksTable, type RowActions } from "./links-table.ts";

/** The page's element `id`, which the page always has (links-page.ts), as the kind of element it is. */
function part<T extends HTMLElement>(id: string, kind: { new (): T; prototype: T }): T {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`The page has no ${kind.name} #${id}.`);
  return found;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const content = JSON.parse(part(IDS.content, HTMLScriptElement).textContent ?? "{}") as ViewsContent;
const status = part(IDS.status, HTMLElement);
const list = part(IDS.list, HTMLElement);
const form = part(IDS.form, HTMLFormElement);
const fields = {
  shortlist: part(IDS.shortlist, HTMLTextAreaElement),
  recipient: part(IDS.recipient, HTMLInputElement),
  expires: part(IDS.expires, HTMLInputElement),
};
const formError = part(IDS.formError, HTMLElement);
const recognised = part(IDS.recognised, HTMLElement);
const made = {
  box: part(IDS.made, HTMLElement),
  recipient: part(IDS.madeFor, HTMLElement),
  url: part(IDS.madeUrl, HTMLInputElement),
  plain: part(IDS.plainUrl, HTMLInputElement),
  copied: part(IDS.copied, HTMLElement),
};

/** The last answer shown: erasing asks how many of its links share a recipient's text. */
let shown: LinksAnswer = { enabled: false, retentionDays: 0, links: [] };

/** Copies `text`, saying so in `said`; where the browser refuses (no HTTPS, no permission), the agent copies by hand. */
async function copy(text: string, said: HTMLElement, what: string, field?: HTMLInputElement) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = `Copied ${what}.`;
  } catch (error) {
    said.textContent = `Could not copy ${what} (${reason(error)}): select it and copy it by hand.`;
    field?.select();
  }
}

/** The links asked for by the page's range, listed; `message` is then said in the status line. */
async function refresh(message = "") {
  const asked = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  for (const name of ["from", "to"]) {
    const value = asked.get(name);
    if (value) query.set(name, value);
  }
  const answer = await fetch(`${LINKS_PATHS.api}?${query}`, { headers: { accept: "application/json" } });
  if (!answer.ok) {
    status.textContent = await answer.text();
    return;
  }
  shown = (await answer.json()) as LinksAnswer;
  render(shown);
  status.textContent = message;
}

/** Runs one of a row's actions, saying in the status line what came of it. */
async function act(request: () => Promise<Response>, done: (answer: Response) => Promise<string>) {
  try {
    const answer = await request();
    if (!answer.ok) {
      status.textContent = await answer.text();
      return;
    }
    await refresh(await done(answer));
    // The pressed button may be gone with its row: the list keeps the focus near where it was.
    list.focus();
  } catch (error) {
    status.textContent = `That did not work: ${reason(error)}`;
  }
}

/** The row's buttons: each asks first where it cannot be undone, then reads the list again. */
const actions: RowActions = {
  copy(link) {
    void copy(link.url, status, `the link for ${quoted(link.recipient)}`);
  },
  revoke({ id, recipient }) {
    if (!confirm(revokeQuestion(recipient))) return;
    void act(
      () => fetch(`${LINKS_PATHS.api}/${encodeURIComponent(id)}`, { method: "DELETE" }),
      async () => `Revoked the link for ${quoted(recipient)}: it still shows the shortlist, but counts nothing more.`,
    );
  },
  erase(recipient) {
    if (!confirm(eraseQuestion(recipient, shown.links))) return;
    void act(
      () => fetch(`${LINKS_PATHS.api}?recipient=${encodeURIComponent(recipient)}`, { method: "DELETE" }),
      async (answer) => erasedMessage(recipient, ((await answer.json()) as { erased: number }).erased),
    );
  },
};

function render(answer: LinksAnswer) {
  part(IDS.retention, HTMLElement).textContent = String(answer.retentionDays);
  part(IDS.off, HTMLElement).hidden = answer.enabled;
  form.hidden = !answer.enabled;
  if (!answer.enabled) made.box.hidden = true;
  list.replaceChildren(linksTable(answer, content, actions));
}

/** Says, as the agent types or pastes, which artists the shortlist names and which entries name none. */
function showRecognised() {
  const { artists, unknown } = readShortlist(fields.shortlist.value, content.artists);
  recognised.replaceChildren(
    ...(artists.length === 0
      ? []
      : [element("p", {}, `Recognised (${artists.length}): ${artists.map(({ name }) => name).join(", ")}`)]),
    ...(unknown.length === 0 ? [] : [element("p", { class: "unknown" }, `Not recognised: ${unknown.join(", ")}`)]),
  );
}

async function make() {
  const asked = linkRequest(
    { shortlist: fields.shortlist.value, recipient: fields.recipient.value, expires: fields.expires.value },
    content.artists,
    dayOf(new Date()),
  );
  for (const field of Object.values(fields)) field.removeAttribute("aria-invalid");
  if ("error" in asked) {
    formError.textContent = asked.error;
    fields[asked.field].setAttribute("aria-invalid", "true");
    fields[asked.field].focus();
    return;
  }
  formError.textContent = "";
  const submit = form.querySelector("button[type=submit]");
  submit?.setAttribute("disabled", "");
  try {
    const answer = await fetch(LINKS_PATHS.api, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(asked.body),
    });
    if (!answer.ok) {
      formError.textContent = await answer.text();
      return;
    }
    const { url, plainUrl } = (await answer.json()) as { id: string; url: string; plainUrl: string };
    made.recipient.textContent = asked.body.recipient;
    made.url.value = url;
    made.plain.value = plainUrl;
    made.copied.textContent = "";
    made.box.hidden = false;
    fields.recipient.value = "";
    made.url.focus();
    made.url.select();
    await refresh(`Made a link for ${quoted(asked.body.recipient)}.`);
  } catch (error) {
    formError.textContent = `The link could not be made: ${reason(error)}`;
  } finally {
    submit?.removeAttribute("disabled");
  }
}

fields.expires.min = dayOf(new Date());
fields.shortlist.addEventListener("input", showRecognised);
showRecognised();
form.addEventListener("submit", (event) => {
  event.preventDefault();
  void make();
});
part(IDS.copyMade, HTMLElement).addEventListener("click", () => {
  void copy(made.url.value, made.copied, "the link", made.url);
});
part(IDS.copyPlain, HTMLElement).addEventListener("click", () => {
  void copy(made.plain.value, made.copied, "the plain URL", made.plain);
});
refresh().catch((error: unknown) => {
  status.textContent = `The links could not be read: ${reason(error)}`;
});

/**
 * The Links page's form that makes a link for one recipient: the shortlist (a pasted selects URL, or
 * ids), whom it is for, and an optional last day. It posts to the page's action, which checks it with
 * the API's schema and names the field it refuses; the made link's two URLs are then shown to copy.
 * As the agent types or pastes, the page says which artists the shortlist names and which entries
 * name none, read in the browser from the content's names.
 */
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { readShortlist } from "#edit/app/lib/links-format.ts";
import { MAX_RECIPIENT_LENGTH } from "#model/recipient-link.ts";

/** What the page's action answered a "make": the link made, or the field it refused with the form as typed. */
export type MakeAnswer =
  | { made: { recipient: string; url: string; plainUrl: string } }
  | { refused: { field: "shortlist" | "recipient" | "expires"; error: string }; typed: Record<string, string> };

/** The ids each field's parts go by (the end-to-end tests read some). */
const ID = {
  shortlist: "links-shortlist",
  recognised: "links-recognised",
  recipient: "links-recipient",
  expires: "links-expires",
  made: "links-made-url",
} as const;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Copies `text`, saying so with `say`; where the browser refuses (no HTTPS, no permission), the agent copies by hand. */
export async function copyText(text: string, what: string, say: (said: string) => void, field?: HTMLInputElement) {
  try {
    await navigator.clipboard.writeText(text);
    say(`Copied ${what}.`);
  } catch (error) {
    say(`Could not copy ${what} (${reason(error)}): select it and copy it by hand.`);
    field?.select();
  }
}

/** Which artists `text` names and which of its entries name none. */
function Recognised({ text, names }: { text: string; names: Record<string, string> }) {
  const { artists, unknown } = readShortlist(text, names);
  return (
    <div id={ID.recognised} className="recognised" aria-live="polite">
      {artists.length > 0 && <p>{`Recognised (${artists.length}): ${artists.map(({ name }) => name).join(", ")}`}</p>}
      {unknown.length > 0 && <p className="unknown">{`Not recognised: ${unknown.join(", ")}`}</p>}
    </div>
  );
}

/** A URL to copy: its field, named by `children`, and the button that copies it, saying so with `say`. */
function CopyRow({
  id,
  value,
  what,
  say,
  quiet,
  children,
}: {
  id: string;
  value: string;
  what: string;
  say(said: string): void;
  quiet?: boolean;
  children: string;
}) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="copy-row">
      <label>
        {children} <input id={id} ref={field} readOnly value={value} />
      </label>
      <button
        type="button"
        className={quiet ? "quiet" : undefined}
        aria-label={`Copy ${what}`}
        onClick={() => void copyText(value, what, say, field.current ?? undefined)}
      >
        Copy
      </button>
    </div>
  );
}

function MadeLink({ made }: { made: { recipient: string; url: string; plainUrl: string } }) {
  const [copied, setCopied] = useState("");
  useEffect(() => {
    setCopied("");
    // The new link's URL, selected, ready to copy.
    const url = document.getElementById(ID.made);
    if (!(url instanceof HTMLInputElement)) return;
    url.focus();
    url.select();
  }, [made]);
  return (
    <div id="links-made" className="made">
      <h3>
        The link for <span id="links-made-for">{made.recipient}</span>
      </h3>
      <CopyRow id={ID.made} value={made.url} what="the link" say={setCopied}>
        Its URL, with the token
      </CopyRow>
      <CopyRow id="links-plain-url" value={made.plainUrl} what="the plain URL" say={setCopied} quiet>
        The plain URL, untracked: the same shortlist, nothing of the visit kept for anyone
      </CopyRow>
      <p id="links-copied" className="note" aria-live="polite">
        {copied}
      </p>
    </div>
  );
}

export function MakeLink({
  names,
  today,
  artists,
  answer,
  busy,
}: {
  /** The content's artists' names by id. */
  names: Record<string, string>;
  /** YYYY-MM-DD (UTC): the first day a link may expire on. */
  today: string;
  /** The shortlist field's first value. */
  artists: string;
  /** What the last "make" came to, if the page has posted one. */
  answer?: MakeAnswer;
  /** Whether a link is being made: the button waits. */
  busy: boolean;
}) {
  const typed = answer && "typed" in answer ? answer.typed : undefined;
  const refused = answer && "refused" in answer ? answer.refused : undefined;
  const shortlist = useRef<HTMLTextAreaElement>(null);
  const recipient = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(typed?.shortlist ?? artists);
  // What was typed or pasted before the page's script ran is read once it runs.
  useEffect(() => setText(shortlist.current?.value ?? ""), []);
  useEffect(() => {
    if (answer && "made" in answer && recipient.current) recipient.current.value = "";
    if (refused) document.getElementById(ID[refused.field])?.focus();
  }, [answer, refused]);
  const invalid = (field: keyof typeof ID) => (refused?.field === field ? true : undefined);
  return (
    <>
      <Form method="post" id="links-make" className="make" noValidate>
        <div className="field">
          <label htmlFor={ID.shortlist}>Shortlist</label>
          <span className="hint" id={`${ID.shortlist}-hint`}>
            Paste a selects URL, such as https://…/selects?artists=ada-rowe,ben-ito, or the artists’ ids separated by
            commas or spaces.
          </span>
          <textarea
            id={ID.shortlist}
            ref={shortlist}
            name="shortlist"
            rows={2}
            spellCheck={false}
            autoComplete="off"
            defaultValue={typed?.shortlist ?? artists}
            onInput={(event) => setText(event.currentTarget.value)}
            aria-invalid={invalid("shortlist")}
            aria-describedby={`${ID.shortlist}-hint ${ID.recognised}`}
          />
          <Recognised text={text} names={names} />
        </div>
        <div className="field">
          <label htmlFor={ID.recipient}>Recipient (required)</label>
          <span className="hint" id={`${ID.recipient}-hint`}>
            Whom it is for, in your words, such as “Juniper Films — Sam”: the list below names the link by it.
          </span>
          <input
            id={ID.recipient}
            ref={recipient}
            name="recipient"
            required
            maxLength={MAX_RECIPIENT_LENGTH}
            autoComplete="off"
            defaultValue={typed?.recipient}
            aria-invalid={invalid("recipient")}
            aria-describedby={`${ID.recipient}-hint`}
          />
        </div>
        <div className="field">
          <label htmlFor={ID.expires}>Expires (optional)</label>
          <span className="hint" id={`${ID.expires}-hint`}>
            After this day the link stops counting; it still shows the shortlist.
          </span>
          <input
            type="date"
            id={ID.expires}
            name="expires"
            min={today}
            defaultValue={typed?.expires}
            aria-invalid={invalid("expires")}
            aria-describedby={`${ID.expires}-hint`}
          />
        </div>
        <p id="links-form-error" className="alert" role="alert">
          {refused?.error}
        </p>
        <button type="submit" name="intent" value="make" disabled={busy}>
          Make the link
        </button>
      </Form>
      {answer && "made" in answer && <MadeLink made={answer.made} />}
    </>
  );
}

/**
 * The editing screens' one answer of their own, in words: a refusal, a CSV. Everything the screens
 * answer is a Fetch response (JSON is `Response.json`'s, a redirect Remix's), sent by the adapter
 * (editing-app.ts, sendAnswer) never cached, with the reason phrase its status has.
 */
export const textAnswer = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });

/** A refusal of any method but those `allow` names. */
export const methodNotAllowed = (allow: string) => textAnswer(405, "Method Not Allowed", { allow });

/**
 * The editing app's answers, as Fetch responses: in words (a refusal) or in JSON. The screens'
 * adapter (editing-app.ts) sends each on never cached.
 */
export const textAnswer = (status: number, text: string, type = "text/plain; charset=utf-8") =>
  new Response(text, { status, headers: { "content-type": type } });

export const jsonAnswer = (value: unknown, status = 200) =>
  textAnswer(status, JSON.stringify(value), "application/json");

/** A refusal of any method but those `allow` names, its status in words too for a page that shows it. */
export const methodNotAllowed = (allow: string) =>
  new Response("Method Not Allowed", {
    status: 405,
    statusText: "Method Not Allowed",
    headers: { allow, "content-type": "text/plain; charset=utf-8" },
  });

/**
 * The editing app's answers, as Fetch responses: in words (a refusal) or in JSON. The screens'
 * adapter (editing-app.ts) sends each on never cached.
 */
export const textAnswer = (status: number, text: string, type = "text/plain; charset=utf-8") =>
  new Response(text, { status, headers: { "content-type": type } });

export const jsonAnswer = (value: unknown, status = 200) =>
  textAnswer(status, JSON.stringify(value), "application/json");

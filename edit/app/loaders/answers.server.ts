/** The editing app's APIs answer in words (a refusal) or in JSON; the screen's server adds no-store to both. */
export const textAnswer = (status: number, text: string, type = "text/plain; charset=utf-8") =>
  new Response(text, { status, headers: { "content-type": type } });

export const jsonAnswer = (value: unknown, status = 200) =>
  textAnswer(status, JSON.stringify(value), "application/json");

/**
 * A small request body read whole, bounded: a link's request or a form of a few fields. Read as it
 * arrives and given up past the bound, never cancelled: cancelling would destroy the connection the
 * refusal is still to be answered on (edit/http/request-body.ts closes it after the answer).
 */
export async function boundedText(request: Request, limit: number): Promise<string | undefined> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return undefined;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** SHA-256 of streamed bytes: how the media build and publishing tell whether a file changed. */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";

/** The SHA-256 (hex) of everything `stream` gives. */
export async function sha256Stream(stream: Readable): Promise<string> {
  const digest = createHash("sha256");
  for await (const chunk of stream) digest.update(chunk as Buffer);
  return digest.digest("hex");
}

/** A file's SHA-256 (hex), read as a stream. */
export const sha256File = (file: string): Promise<string> => sha256Stream(createReadStream(file));

/** The SHA-256 (hex) of `text` as UTF-8: how a release tells which part of the content changed (content-check/pages-file.ts). */
export const sha256Text = (text: string): string => createHash("sha256").update(text).digest("hex");

/** SHA-256 of streamed bytes: how the media build and publishing tell whether a file changed. */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";

/** The SHA-256 (hex) of everything `stream` gives. */
export function sha256Stream(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const digest = createHash("sha256");
    stream
      .on("data", (chunk: Buffer) => digest.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(digest.digest("hex")));
  });
}

/** A file's SHA-256 (hex), read as a stream. */
export const sha256File = (file: string): Promise<string> => sha256Stream(createReadStream(file));

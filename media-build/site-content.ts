/** The content the media are made for, read from app/content/ (the compiled copy waits for every media file). */
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { Content } from "#model/content.ts";
import { loadContent } from "#content-check/check.ts";
import { type MediaContent, mediaContentOf } from "./kinds.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");

function readContent(): Content {
  const { content, problems } = loadContent(ROOT, { publicDir: null });
  if (content === undefined) {
    throw new Error(`the content files have problems (npm run content:check lists them):\n${problems.join("\n")}`);
  }
  return content;
}

/** The site's content, as the media build makes its files. */
export const SITE_CONTENT: MediaContent = mediaContentOf(readContent());

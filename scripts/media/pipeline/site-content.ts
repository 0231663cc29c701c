/**
 * The content the media are made for, read from its files in app/content/ as they are now (not
 * from the app's compiled copy, which a build writes only once every media file exists): a new
 * artist's or reel's media are what `npm run media` is about to make.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { Content } from "../../../app/content/types";
import { loadContent } from "../../content/load";
import type { MediaContent } from "./kinds";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function readContent(): Content {
  const { content, problems } = loadContent(ROOT, { publicDir: null });
  if (content === undefined) {
    throw new Error(`the content files have problems (npm run content:check lists them):\n${problems.join("\n")}`);
  }
  return content;
}

const { artists, biography, clients, reels, site } = readContent();

/** The site's content, as the media build makes its files. */
export const SITE_CONTENT: MediaContent = {
  film: artists.film,
  photographers: artists.photographers,
  agentPhoto: biography.biography.photo,
  reels,
  clientLogos: clients.clientLogos,
  agencyName: site.agencyName,
};

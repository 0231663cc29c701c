/**
 * What the views page names from the content: each reel's title, length and spots, each artist's
 * name. The figures carry only slugs and ids (the store keeps no copy of the content), so a renamed
 * reel shows its new title over its whole history.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

import { validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";
import { CONTENT_DIR } from "#model/content-files.ts";

export interface ReelNames {
  title: string;
  /** The film's length in seconds, for placing its spots on the chart; null when nobody knows it yet. */
  duration: number | null;
  spots: { start: number; title: string; artist: string }[];
}

export interface ViewsContent {
  reels: Record<string, ReelNames>;
  /** Each artist's name, by id. */
  artists: Record<string, string>;
}

/** The files the names are read from: the content's and the media build's record of the films. */
const MANIFEST = "media/manifest.json";

/**
 * The state of those files at `root`: each one's path, size and modification time, in a string that
 * changes whenever one is written, added or removed. A few stats, where reading them is a parse and
 * a check of every file.
 */
export function contentState(root: string): string {
  const dir = path.join(root, CONTENT_DIR);
  let names: string[] = [];
  try {
    names = readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => path.join(CONTENT_DIR, name));
  } catch {
    // No content folder: the state of nothing, which the check refuses as before.
  }
  return [...names.sort(), MANIFEST]
    .map((name) => {
      const stat = statSync(path.join(root, name), { bigint: true, throwIfNoEntry: false });
      return `${name}\t${stat?.size ?? "-"}\t${stat?.mtimeNs ?? "-"}`;
    })
    .join("\n");
}

const cache = new Map<string, { state: string; names: ViewsContent }>();

/**
 * The names in the content at `root`, as its files are now: read once per change of their state
 * (contentState), not on every request. Media are not looked for (an entry whose media are being made
 * still has its name); content the check refuses names nothing, and the page shows slugs and ids instead.
 */
export function viewsContent(root: string): ViewsContent {
  const state = contentState(root);
  const known = cache.get(root);
  if (known?.state === state) return known.names;
  const names = namesIn(root);
  cache.set(root, { state, names });
  return names;
}

function namesIn(root: string): ViewsContent {
  const read = readContentFiles(root);
  const { content } = validateContent(read, { publicDir: null });
  if (content === undefined) return { reels: {}, artists: {} };
  const artists = [...content.artists.directors, ...content.artists.photographers];
  return {
    reels: Object.fromEntries(
      content.reels.map(({ slug, title, sources, duration, spots }) => {
        // Without films looked for, the compiled length is the file's own or Infinity: the media build's record first.
        const length = read.films[sources[1].src]?.duration ?? duration;
        return [
          slug,
          {
            title,
            duration: Number.isFinite(length) ? length : null,
            spots: spots.map(({ start, title: spotTitle, artist }) => ({ start, title: spotTitle, artist })),
          },
        ];
      }),
    ),
    artists: Object.fromEntries(artists.map(({ id, name }) => [id, name])),
  };
}

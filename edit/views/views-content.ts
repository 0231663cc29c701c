/**
 * What the views page names from the content: each reel's title, length and spots, each artist's
 * name. The figures carry only slugs and ids (the store keeps no copy of the content), so a renamed
 * reel shows its new title over its whole history.
 */
import { validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";

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

/**
 * The names in the content at `root`, as its files are now. Media are not looked for (an entry whose
 * media are being made still has its name); content the check refuses names nothing, and the page
 * shows slugs and ids instead.
 */
export function viewsContent(root: string): ViewsContent {
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

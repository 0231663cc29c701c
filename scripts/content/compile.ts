/** The checked content as the app reads it, and the module content-build.ts writes of it (generated.js and .d.ts). */
import type { CaptionTrack } from "#app/reel/captions.server.ts";
import type { MediaFiles } from "#scripts/content/checks/media.ts";
import { reelTiming } from "#scripts/content/checks/timeline.ts";
import type { ContentFiles } from "./shapes.ts";

/** A folder's entries as a list in `order`, ties by file name, without `order`, which only placed them. */
function inOrder<T extends { order: number }>(folder: Record<string, T>): Omit<T, "order">[] {
  return Object.entries(folder)
    .sort(([nameA, a], [nameB, b]) => a.order - b.order || (nameA < nameB ? -1 : 1))
    .map(([, { order: _placeInList, ...entry }]) => entry);
}

/** The content as the app gets it, from the checked files (`media`: their films) and each reel's captions by slug. */
export function compileContent(
  { artists, reels, clients, biography, contact, site }: ContentFiles,
  media: MediaFiles,
  captions: Record<string, CaptionTrack[]>,
) {
  return {
    artists: { directors: inOrder(artists.directors), photographers: inOrder(artists.photographers) },
    reels: inOrder(reels).map((reel) => ({
      ...reel,
      ...reelTiming(media, { mp4: reel.sources[1].src, duration: reel.duration }),
    })),
    clients,
    biography: {
      biography: { photo: biography.photo, paragraphs: biography.paragraphs },
      testimonials: biography.testimonials,
    },
    contact,
    site,
    captions,
  };
}

export type Content = ReturnType<typeof compileContent>;

/**
 * One export per part of the content, each with its type: the browser's bundle then carries only
 * the parts its code reads (the site's name, say), not every biography and client. Plain
 * JavaScript, so Node can import it too (scripts/lib/pages.mjs), not only the app's bundler.
 */
export function generatedModule(content: Content): { js: string; dts: string } {
  const { clients, biography, ...rest } = content;
  const partsOf = (object: object, type: string) =>
    Object.entries(object).map(([name, value]) => ({ name, value, type: `${type}[${JSON.stringify(name)}]` }));
  const parts = [
    ...partsOf(rest, "Content"),
    ...partsOf(clients, 'Content["clients"]'),
    ...partsOf(biography, 'Content["biography"]'),
  ];
  const header =
    "// Made by scripts/cli/content-build.ts from the content files in app/content/: edit those, not this.\n";
  return {
    js: [header, ...parts.map(({ name, value }) => `export const ${name} = ${JSON.stringify(value, null, 2)};\n`)].join(
      "",
    ),
    dts: [
      header,
      'import type { Content } from "./types";\n\n',
      ...parts.map(({ name, type }) => `export declare const ${name}: ${type};\n`),
    ].join(""),
  };
}

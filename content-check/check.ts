/** The content check, start to end: read → shapes → checks → the compiled content, or every problem in it. */
import { statSync } from "node:fs";
import { join } from "node:path";

import { checkCaptions } from "#content-check/checks/captions.ts";
import { checkMedia, type MediaFiles } from "#content-check/checks/media.ts";
import { checkReferences } from "#content-check/checks/references.ts";
import { checkTimeline } from "#content-check/checks/timeline.ts";
import { compileContent, type Content, reelTiming } from "#model/content.ts";
import { describeIssue, formatProblem, type Problem, problemOf } from "./problems.ts";
import { type ContentRead, fileOf, readContentFiles } from "./read.ts";
import { contentParts, type ContentParts, contentShape } from "#model/shapes/content-shape.ts";

/** `warnings`: what the build lets through but an operator should see (hard-to-read captions). */
export type ContentResult =
  | { content: Content; problems: []; warnings: string[] }
  | { content: undefined; problems: string[]; warnings: string[] };

/** How the check looks for the media the content names: in public/, in the manifest, or not at all. */
export interface MediaLookup {
  /** `null`: not made yet (the media script's own reading): taken as present, nothing checked against the films. */
  publicDir: string | null;
  /** Served from MEDIA_ORIGIN: a path must be an output media/manifest.json records. */
  remote?: boolean;
  /** Called with each media path the content names. */
  named?(sitePath: string): void;
}

/** Reads and checks the content of the project at `root`: the compiled content, or its problems. */
export function loadContent(root: string, media: MediaLookup): ContentResult {
  return validateContent(readContentFiles(root), media);
}

/** The compiled content of the files `read`, or every problem in them. */
export function validateContent(read: ContentRead, { publicDir, remote = false, named }: MediaLookup): ContentResult {
  // A file that could not be read is missing from the content: its fields would all be reported too.
  if (read.problems.length > 0) return { content: undefined, problems: read.problems, warnings: [] };
  const media: MediaFiles = {
    exists(sitePath) {
      named?.(sitePath);
      if (publicDir === null) return true;
      if (remote) return read.outputs.has(sitePath);
      return statSync(join(publicDir, sitePath), { throwIfNoEntry: false })?.isFile() ?? false;
    },
    film: publicDir === null ? undefined : (sitePath) => read.films[sitePath],
    where: remote ? "media/manifest.json (the media npm run media made, held at MEDIA_ORIGIN)" : "public/",
  };
  const say = (problems: Problem[]) => problems.map((problem) => formatProblem(problem, read.files));
  const shaped = contentShape.safeParse(read.content, { error: describeIssue });
  // The checks read every entry's valid fields, so a problem in one field hides none elsewhere.
  const parts = contentParts(read.content);
  const problems = [
    ...(shaped.success ? [] : shaped.error.issues.map((issue) => problemOf(issue, read.files))),
    ...checkMedia(parts, media),
    ...checkTimeline(parts, media),
    ...checkReferences(parts),
  ];
  if (!shaped.success || problems.length > 0)
    return { content: undefined, problems: say(inFileOrder(problems, parts)), warnings: [] };
  const durations = Object.fromEntries(
    Object.entries(shaped.data.reels).map(([slug, reel]) => [
      slug,
      reelTiming(media, { mp4: reel.sources[1].src, duration: reel.duration }).duration,
    ]),
  );
  const captions = checkCaptions(read.captions, durations);
  const warnings = say(captions.warnings);
  if (captions.problems.length > 0) return { content: undefined, problems: say(captions.problems), warnings };
  return { content: compileContent(shaped.data, media, captions.captions), problems: [], warnings };
}

/** Each file's problems together, the files in the order the shapes read them (a file's shape problems before its checks'). */
function inFileOrder(problems: Problem[], { artists, reels }: ContentParts): Problem[] {
  const files = [
    ...artists,
    ...reels,
    ...["clients", "biography", "contact", "site"].map((part) => ({ at: [part] })),
  ].map(({ at }) => fileOf(at)?.name);
  const rank = ({ file }: Problem) => (file === undefined ? -1 : files.indexOf(file));
  return [...problems].sort((a, b) => rank(a) - rank(b));
}

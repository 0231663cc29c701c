/** What went wrong with a file and how to fix it: decoders' reasons read for an operator, and the run's failures. */
import { MEDIA_DIR, type SourceType } from "#model/media-paths.ts";
import { expectedName, type Slot } from "./sources.ts";

export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** How to make a source again, by its type; undefined for a file in public/ (made from a source). */
function remake(type: SourceType | undefined): string {
  switch (type) {
    case "video":
      return "re-export it from the editing tool (an H.264 MP4)";
    case "image":
      return "export it again (JPEG or PNG)";
    case "logo":
      return "export it again (PNG or SVG)";
    case undefined:
      return "restore it (git checkout) or remake it from its source (npm run media -- --force)";
  }
}

/**
 * What a decoder's words say about a file, and the fix; the first match wins. A cut-short MP4 shows
 * as a missing moov atom when its index comes last, as packets breaking off when it comes first.
 */
const DIAGNOSES: { reason: RegExp; means?: string; fix: (type: SourceType | undefined) => string }[] = [
  {
    reason: /moov atom not found/,
    means: "its index is missing, as in a file cut short or still being written",
    fix: (type) => `copy it again in full, or ${remake(type)}`,
  },
  {
    reason: /partial file|corrupt input packet|corrupt decoded frame|premature end|unexpected end|truncated/i,
    means: "the file is cut short or damaged part-way",
    fix: (type) => `copy it again in full, or ${remake(type)}`,
  },
  {
    reason: /Invalid data found|unsupported image format|Invalid NAL unit|Error while decoding|corrupt|read error/i,
    means: "the file is damaged or not what its name says",
    fix: remake,
  },
  {
    reason: /Decoder \(.*\) not found|not supported|unsupported codec/i,
    means: "ffmpeg cannot decode its format",
    fix: remake,
  },
  { reason: /no video stream/, means: "it holds no picture", fix: (type) => `${remake(type)} with its picture` },
  { reason: /too short/, fix: () => "give a longer film" },
  {
    reason: /EACCES|permission denied/i,
    means: "the build may not read it",
    fix: () => "let the user running npm run media read it",
  },
  { reason: /ffprobe not found|could not start ffmpeg/, fix: () => "install ffmpeg (docs/media.md)" },
];

/**
 * Why a file could not be used: what the decoder's line means, that line, and what to do (`type`:
 * the source's; undefined for a file in public/). A reason DIAGNOSES does not know is a recipe's own, given as it is.
 */
export function diagnosis(reason: string, type: SourceType | undefined): string {
  // Without ffmpeg()'s heading line ("ffmpeg failed (exit 1) for public/…:"), which names no cause.
  const lines = reason
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^ffmpeg failed \(exit/.test(line));
  for (const { reason: pattern, means, fix } of DIAGNOSES) {
    const line = lines.find((candidate) => pattern.test(candidate));
    if (line) return `${means ? `${means} (${line})` : line}; ${fix(type)}`;
  }
  return lines.at(-1) ?? "unknown reason";
}

/** A file that could not be used (a source, or a file job's inputs), its outputs, and those read from them. */
export interface Failure {
  source: string;
  outputs: string[];
  dependents: string[];
  reason: string;
}

/** One line per failure, file first: "media/x.mp4 (not made: public/…, and 12 files read from them): why; fix". */
export function failureLine({ source, outputs, dependents, reason }: Failure): string {
  const read =
    dependents.length === 0
      ? ""
      : `, and ${dependents.length === 1 ? "1 file" : `${dependents.length} files`} read from ${outputs.length === 1 ? "it" : "them"}`;
  return `${source} (not made: ${outputs.join(", ")}${read}): ${reason}`;
}

/** The end of a run with failures: every failure, one line each, under a heading that says what to do. */
export function failureReport(failures: readonly Failure[]): string[] {
  const files = failures.length === 1 ? "1 file" : `${failures.length} files`;
  return [
    `${files} could not be used; fix ${failures.length === 1 ? "it" : "them"} as said and run npm run media again:`,
    ...failures.map((failure) => `  ${failureLine(failure)}`),
  ];
}

/** Outputs that exist nowhere and have no source to be made from, grouped by the source they need. */
export function missingSourcesMessage(missing: { slot: Slot; outputs: string[] }[]): string {
  const lines = missing.map(({ slot, outputs }) => `  ${expectedName(slot)}  (for ${outputs.join(", ")})`);
  return `public/ lacks files that no source in ${MEDIA_DIR}/ can make. Add:\n${lines.join("\n")}\nthen run npm run media again.`;
}

/** The failures of a run, in the order they happened. */
export interface Failures {
  /** Records that `source` could not be used (its first reason kept); whether this is its first failure. */
  fail(source: string, reason: string): boolean;
  /** Whether `source` failed: its outputs not yet made are skipped, as they would fail the same way. */
  has(source: string): boolean;
  notMade(source: string, site: string): void;
  /** The failure that left the output `site` unmade, if one did. */
  of(site: string): Failure | undefined;
  /** The output `reader` was skipped, as it reads `site`, which was not made. */
  skipReader(site: string, reader: string): void;
  list(): Failure[];
}

export function failureLog(): Failures {
  const bySource = new Map<string, Failure>();
  const byOutput = new Map<string, Failure>();
  const failureOf = (source: string): Failure => {
    const failure = bySource.get(source);
    if (!failure) throw new Error(`${source} has not failed`);
    return failure;
  };
  return {
    fail(source, reason) {
      if (bySource.has(source)) return false;
      bySource.set(source, { source, outputs: [], dependents: [], reason });
      return true;
    },
    has: (source) => bySource.has(source),
    notMade(source, site) {
      const failure = failureOf(source);
      failure.outputs.push(`public${site}`);
      byOutput.set(site, failure);
    },
    of: (site) => byOutput.get(site),
    skipReader(site, reader) {
      byOutput.get(site)?.dependents.push(`public${reader}`);
    },
    list: () => [...bySource.values()],
  };
}

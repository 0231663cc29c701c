/**
 * A reel's timed text: captions files (WebVTT or SRT, as an editor's tools export them) read and
 * checked by the content build, and the cues turned back into WebVTT for the player and into the
 * transcript for the page. Pure functions, shared by the content build, the routes and the page.
 *
 * Hand-written: the parsers on npm (media-captions, subtitle, webvtt-parser) drop a cue they cannot
 * read, or one that ends before it starts, without a word, and an operator must be told the line
 * of every such cue instead of finding it missing from the film.
 */
import { vttTimestamp } from "./reelParts";

/** One cue: seconds from the reel's start, and its text as written (WebVTT tags allowed). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** A reel's captions in one language, as the content holds them. */
export interface CaptionTrack {
  /** A BCP 47 language tag: "en", "fr", "pt-BR". */
  lang: string;
  /** The language's name in that language ("English", "Français"): the player's menu item. */
  label: string;
  cues: Cue[];
}

export type CaptionFormat = "vtt" | "srt";

/** Above this many characters a second, a cue is hard to read in time (broadcast guidelines: 17–20). */
export const MAX_CHARACTERS_PER_SECOND = 20;

const TIMESTAMP = String.raw`(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIMESTAMP}\s+-->\s+${TIMESTAMP}(?:\s+.*)?$`);

function seconds(hours: string | undefined, minutes: string, secs: string, fraction: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(fraction.padEnd(3, "0")) / 1000;
}

export interface ParsedCaptions {
  cues: (Cue & { line: number })[];
  /** Each with the line of the file it concerns. */
  errors: { line: number; message: string }[];
}

/**
 * The cues of a WebVTT or SRT file, each with the line of its timing, and what could not be read.
 * Blocks are separated by blank lines; a cue's block is an optional identifier line, its timing
 * line and its text. WebVTT's NOTE, STYLE and REGION blocks are skipped.
 */
export function parseCaptions(source: string, format: CaptionFormat): ParsedCaptions {
  const lines = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const result: ParsedCaptions = { cues: [], errors: [] };
  let index = 0;
  if (format === "vtt") {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) {
      result.errors.push({ line: 1, message: 'must start with the line "WEBVTT"' });
      return result;
    }
    // The header runs to the first blank line.
    while (index < lines.length && lines[index].trim() !== "") index++;
  }
  while (index < lines.length) {
    while (index < lines.length && lines[index].trim() === "") index++;
    if (index >= lines.length) break;
    const first = index;
    while (index < lines.length && lines[index].trim() !== "") index++;
    const block = lines.slice(first, index);
    if (format === "vtt" && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0])) continue;
    const timingAt = block.findIndex((line) => line.includes("-->"));
    if (timingAt === -1 || timingAt > 1) {
      result.errors.push({ line: first + 1, message: "is not a cue: a cue is an optional number or name, a timing line (00:00:01.000 --> 00:00:03.000), then its text" });
      continue;
    }
    const line = first + timingAt + 1;
    const match = TIMING.exec(block[timingAt]);
    if (!match) {
      const example = format === "vtt" ? "00:00:01.000 --> 00:00:03.000" : "00:00:01,000 --> 00:00:03,000";
      result.errors.push({ line, message: `"${block[timingAt].trim()}" is not a timing: write it as ${example}` });
      continue;
    }
    const start = seconds(match[1], match[2], match[3], match[4]);
    const end = seconds(match[5], match[6], match[7], match[8]);
    result.cues.push({ start, end, text: block.slice(timingAt + 1).join("\n").trim(), line });
  }
  return result;
}

/**
 * What is wrong with the cues of a film `duration` seconds long (errors), and what is only hard to
 * read (warnings), each with its line: cues in order, each ending after it starts and by the film's
 * end, none empty; a warning above MAX_CHARACTERS_PER_SECOND.
 */
export function checkCues(cues: ParsedCaptions["cues"], duration: number) {
  const errors: { line: number; message: string }[] = [];
  const warnings: { line: number; message: string }[] = [];
  cues.forEach((cue, index) => {
    const { line } = cue;
    if (cue.end <= cue.start) errors.push({ line, message: `ends (${vttTimestamp(cue.end)}) before it starts (${vttTimestamp(cue.start)})` });
    const previous = cues[index - 1];
    if (previous && cue.start < previous.start) {
      errors.push({ line, message: `starts (${vttTimestamp(cue.start)}) before the cue above it (${vttTimestamp(previous.start)}): cues go in time order` });
    }
    if (cue.end > duration) errors.push({ line, message: `ends at ${vttTimestamp(cue.end)}, after the film's end (${vttTimestamp(duration)})` });
    const characters = plainText(cue.text).length;
    if (characters === 0) errors.push({ line, message: "has no text: remove the cue, or write what is heard" });
    const rate = characters / (cue.end - cue.start);
    if (cue.end > cue.start && rate > MAX_CHARACTERS_PER_SECOND) {
      warnings.push({ line, message: `${Math.round(rate)} characters a second is hard to read in time (${MAX_CHARACTERS_PER_SECOND} at most): shorten it or show it longer` });
    }
  });
  return { errors, warnings };
}

/** The language's own name for itself, capitalised: "en" → "English", "fr" → "Français". */
export function languageLabel(lang: string): string {
  const name = new Intl.DisplayNames([lang], { type: "language" }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/** A WebVTT file of the cues, their text as written. */
export function cuesVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue, index) => `${index + 1}\n${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cue.text}`);
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: " ", lrm: "", rlm: "" };

/** A cue's text as read aloud or printed: without WebVTT's tags, entities resolved, one line. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, " ")
    .trim();
}

/** Where a reel's captions in `lang` are served (app/routes/reels.$slug.captions.$.ts). */
export const captionsTrack = (slug: string, lang: string): string => `/reels/${slug}/captions/${lang}.vtt`;

/** Where a reel's described picture is served (app/routes/reels.$slug.descriptions[.]vtt.ts). */
export const descriptionsTrack = (slug: string): string => `/reels/${slug}/descriptions.vtt`;

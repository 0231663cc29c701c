/** A reel's captions files (WebVTT or SRT), read and checked by the content build, each problem with its line. */
import { readSettings } from "./cue-settings.ts";
import { cleanCueText, freshText, regionId } from "./cue-text.ts";
import { parseSubRip } from "./subrip.ts";
import { type Cue, type CueFormat, formatTimestamp, parseWebVtt, plainText, type Unreadable } from "./webvtt.ts";

/** A reel's captions in one language, as the content holds them. */
export interface CaptionTrack {
  /** A BCP 47 language tag: "en", "fr", "pt-BR". */
  lang: string;
  /** The language's name in that language ("English", "Français"): the player's menu item. */
  label: string;
  cues: Cue[];
  /** The file's STYLE and REGION blocks, served before the cues as written. */
  blocks?: string[];
}

export type CaptionFormat = CueFormat;

/** Above this many characters a second, a cue is hard to read in time (broadcast guidelines: 17–20). */
export const MAX_CHARACTERS_PER_SECOND = 20;

export interface ParsedCaptions {
  /** As served: their text and settings made WebVTT that browsers read as the editor placed it. */
  cues: (Cue & { line: number })[];
  /** The STYLE and REGION blocks to serve. */
  blocks: string[];
  /** Each with the line of the file it concerns. */
  errors: { line: number; message: string }[];
  /** What had to be dropped or changed to serve it, each with its line. */
  warnings: { line: number; message: string }[];
}

function message(unreadable: Unreadable, format: CaptionFormat): string {
  switch (unreadable.problem) {
    case "header":
      return 'must start with the line "WEBVTT"';
    case "block":
      return "dropped, as players skip it: it is not a cue (an optional number or name, a timing line 00:00:01.000 --> 00:00:03.000, then its text)";
    case "timing": {
      const example = format === "vtt" ? "00:00:01.000 --> 00:00:03.000" : "00:00:01,000 --> 00:00:03,000";
      return `dropped, as players skip it: "${unreadable.timing}" is not a timing: ${unreadable.why} (write it as ${example})`;
    }
  }
}

/**
 * The cues of a captions file as the site serves them; an error only where players refuse the file
 * (no "WEBVTT" line), a warning, by line, for what is dropped or changed. STYLE and REGION blocks are kept for
 * browsers that draw captions themselves (Safari); video.js's own display reads neither.
 */
export function parseCaptions(source: string, format: CaptionFormat): ParsedCaptions {
  const parsed = format === "vtt" ? parseWebVtt(source) : parseSubRip(source);
  const warnings: ParsedCaptions["warnings"] = [];
  const say = (line: number, changes: string[]) => {
    if (changes.length > 0) warnings.push({ line, message: changes.join("; ") });
  };
  const blocks = parsed.blocks.filter((block) => {
    if (block.afterCues)
      say(block.line, [`dropped this ${block.kind} block: browsers read one only before the first cue`]);
    return !block.afterCues;
  });
  const regions = new Set(blocks.flatMap((block) => (block.kind === "REGION" ? (regionId(block.text) ?? []) : [])));
  for (const problem of parsed.unreadable)
    if (problem.problem !== "header") say(problem.line, [message(problem, format)]);
  const cues = parsed.cues.flatMap(({ settings: written, ...cue }) => {
    // Line by line, so a warning names the line of the file that holds what changed.
    const lines = cue.text.split("\n").map((line) => cleanCueText(line, format));
    const text = lines.map((line) => line.text).join("\n");
    const settings = readSettings(written ?? "", regions);
    if (plainText(text) === "") {
      say(cue.line, ["has no text: dropped (remove the cue, or write what is heard)"]);
      return [];
    }
    say(cue.line, settings.changes);
    lines.forEach((line, index) => say(cue.line + 1 + index, line.changes));
    const placed = lines.find((line) => line.settings)?.settings ?? settings.settings;
    return [{ ...cue, text, ...(placed && { settings: placed }) }];
  });
  return {
    cues,
    blocks: blocks.map((block) => block.text),
    errors: parsed.unreadable
      .filter((problem) => problem.problem === "header")
      .map((problem) => ({ line: problem.line, message: message(problem, format) })),
    warnings: warnings.sort((a, b) => a.line - b.line),
  };
}

/**
 * The cues of a film `duration` seconds long that it shows: a cue that ends at or before its start,
 * or starts at or after the film's end, is one browsers read and never show, dropped with a warning.
 * An error for cues out of time order (the transcript reads them in file order); a warning for one
 * that runs past the end or is too fast to read. Each by its line.
 */
export function checkCues(cues: ParsedCaptions["cues"], duration: number) {
  const errors: { line: number; message: string }[] = [];
  const warnings: { line: number; message: string }[] = [];
  const shown = cues.filter((cue) => {
    const [start, end] = [formatTimestamp(cue.start), formatTimestamp(cue.end)];
    const drop = (why: string) =>
      warnings.push({ line: cue.line, message: `dropped, as browsers never show it: ${why}` });
    if (cue.end <= cue.start) drop(`it ends (${end}) at or before its start (${start})`);
    else if (cue.start >= duration) drop(`it starts (${start}) after the film's end (${formatTimestamp(duration)})`);
    else return true;
    return false;
  });
  shown.forEach((cue, index) => {
    const previous = shown[index - 1];
    const start = formatTimestamp(cue.start);
    if (previous && cue.start < previous.start)
      errors.push({
        line: cue.line,
        message: `starts (${start}) before the cue above it (${formatTimestamp(previous.start)}): cues go in time order`,
      });
    if (cue.end > duration)
      warnings.push({
        line: cue.line,
        message: `ends at ${formatTimestamp(cue.end)}, after the film's end (${formatTimestamp(duration)}): it shows until the film ends`,
      });
    // Only what is new to read: rolling captions repeat the line above.
    const rate = plainText(freshText(cue.text, previous?.text)).length / (cue.end - cue.start);
    if (rate > MAX_CHARACTERS_PER_SECOND) {
      warnings.push({
        line: cue.line,
        message: `${Math.round(rate)} characters a second is hard to read in time (${MAX_CHARACTERS_PER_SECOND} at most): shorten it or show it longer`,
      });
    }
  });
  return { cues: shown, errors, warnings };
}

/** The language's own name for itself, capitalised: "en" → "English", "fr" → "Français". */
export function languageLabel(lang: string): string {
  const name = new Intl.DisplayNames([lang], { type: "language" }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/** The tracks in `page`'s language first ("en"), then its regional variants ("en-GB"), then the rest, in file order. */
export function inPageLanguageFirst<T extends { lang: string }>(tracks: readonly T[], page: string): T[] {
  const primary = (lang: string) => lang.split("-")[0].toLowerCase();
  const rank = (lang: string) =>
    lang.toLowerCase() === page.toLowerCase() ? 0 : primary(lang) === primary(page) ? 1 : 2;
  return [...tracks].sort((a, b) => rank(a.lang) - rank(b.lang));
}

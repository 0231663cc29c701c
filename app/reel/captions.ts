/**
 * A reel's captions as the content holds them: a captions file (WebVTT or SRT) read and checked
 * by the content build, each problem worded with its line for the editor.
 */
import { type Cue, type CueFormat, formatTimestamp, parseWebVtt, plainText, type Unreadable } from "./webvtt";

/** A reel's captions in one language, as the content holds them. */
export interface CaptionTrack {
  /** A BCP 47 language tag: "en", "fr", "pt-BR". */
  lang: string;
  /** The language's name in that language ("English", "Français"): the player's menu item. */
  label: string;
  cues: Cue[];
}

export type CaptionFormat = CueFormat;

/** Above this many characters a second, a cue is hard to read in time (broadcast guidelines: 17–20). */
export const MAX_CHARACTERS_PER_SECOND = 20;

export interface ParsedCaptions {
  cues: (Cue & { line: number })[];
  /** Each with the line of the file it concerns. */
  errors: { line: number; message: string }[];
}

function message(unreadable: Unreadable, format: CaptionFormat): string {
  switch (unreadable.problem) {
    case "header":
      return 'must start with the line "WEBVTT"';
    case "block":
      return "is not a cue: a cue is an optional number or name, a timing line (00:00:01.000 --> 00:00:03.000), then its text";
    case "timing": {
      const example = format === "vtt" ? "00:00:01.000 --> 00:00:03.000" : "00:00:01,000 --> 00:00:03,000";
      return `"${unreadable.timing}" is not a timing: write it as ${example}`;
    }
  }
}

/** The cues of a captions file, each with the line of its timing, and what could not be read. */
export function parseCaptions(source: string, format: CaptionFormat): ParsedCaptions {
  const { cues, unreadable } = parseWebVtt(source, format);
  return { cues, errors: unreadable.map((problem) => ({ line: problem.line, message: message(problem, format) })) };
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
    if (cue.end <= cue.start)
      errors.push({
        line,
        message: `ends (${formatTimestamp(cue.end)}) before it starts (${formatTimestamp(cue.start)})`,
      });
    const previous = cues[index - 1];
    if (previous && cue.start < previous.start) {
      errors.push({
        line,
        message: `starts (${formatTimestamp(cue.start)}) before the cue above it (${formatTimestamp(previous.start)}): cues go in time order`,
      });
    }
    if (cue.end > duration)
      errors.push({
        line,
        message: `ends at ${formatTimestamp(cue.end)}, after the film's end (${formatTimestamp(duration)})`,
      });
    const characters = plainText(cue.text).length;
    if (characters === 0) errors.push({ line, message: "has no text: remove the cue, or write what is heard" });
    const rate = characters / (cue.end - cue.start);
    if (cue.end > cue.start && rate > MAX_CHARACTERS_PER_SECOND) {
      warnings.push({
        line,
        message: `${Math.round(rate)} characters a second is hard to read in time (${MAX_CHARACTERS_PER_SECOND} at most): shorten it or show it longer`,
      });
    }
  });
  return { errors, warnings };
}

/** The language's own name for itself, capitalised: "en" → "English", "fr" → "Français". */
export function languageLabel(lang: string): string {
  const name = new Intl.DisplayNames([lang], { type: "language" }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

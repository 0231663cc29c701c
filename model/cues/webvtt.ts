/**
 * WebVTT, the one timed-text format of the reels: the cue, its timestamps and text escaping,
 * writing cues to a file, and reading one as the W3C's WebVTT parser (and so browsers) reads it.
 */

/** One cue: seconds from the reel's start, its text as WebVTT writes it (tags and entities allowed). */
export interface Cue {
  start: number;
  end: number;
  text: string;
  /** The cue's identifier line. */
  id?: string;
  /** Its settings, after the timing: "align:start line:0". */
  settings?: string;
}

export type CueFormat = "vtt" | "srt";

/** 6 → "00:00:06.000". */
export function formatTimestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const part = (value: number, digits = 2) => String(value).padStart(digits, "0");
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const secs = Math.floor(millis / 1000) % 60;
  return `${part(hours)}:${part(minutes)}:${part(secs)}.${part(millis % 1000, 3)}`;
}

/**
 * Plain text as a cue's text: one line, since a cue's text may not hold "-->" nor a blank line,
 * with "&" and "<", which start markup, escaped as WebVTT asks.
 */
export function escapeText(text: string): string {
  return text.replace(/\s+/g, " ").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll("-->", "--&gt;");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: " ", lrm: "", rlm: "" };

/** A cue's text as read aloud or printed: without WebVTT's tags, entities resolved, one line. */
export function plainText(text: string): string {
  return (
    text
      .replace(/<[^>]*>/g, "")
      // One pass, so "&amp;lt;" reads "&lt;", as written.
      .replace(/&(amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[\da-f]+);/gi, (reference, name: string) => {
        if (!name.startsWith("#")) return ENTITIES[name] ?? reference;
        const point = Number(name.slice(1).replace(/^x/i, "0x"));
        return point <= 0x10ffff ? String.fromCodePoint(point) : reference;
      })
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The cues with identifiers 1, 2, 3…, as the reels' tracks are served. */
export const numbered = (cues: readonly Cue[]): Cue[] => cues.map((cue, index) => ({ ...cue, id: String(index + 1) }));

/**
 * A WebVTT file of the cues, their text as written; `blocks` (STYLE and REGION blocks, as written)
 * go between the header and the first cue, where WebVTT wants them.
 */
export function writeWebVtt(cues: readonly Cue[], blocks: readonly string[] = []): string {
  const cueBlocks = cues.map(({ start, end, text, id, settings }) => {
    const timing = `${formatTimestamp(start)} --> ${formatTimestamp(end)}${settings ? ` ${settings}` : ""}`;
    return `${id === undefined ? "" : `${id}\n`}${timing}\n${text}`;
  });
  return `WEBVTT\n\n${[...blocks, ...cueBlocks].join("\n\n")}\n`;
}

/** Why a block is no cue, by the line of the file it starts or times at; the caller words it for its reader. */
export type Unreadable =
  { line: number; problem: "header" | "block" } | { line: number; problem: "timing"; timing: string; why: string };

export interface ParsedWebVtt {
  /** Each with the line of its timing. */
  cues: (Cue & { line: number })[];
  /** The STYLE and REGION blocks, as written, each with its first line. */
  blocks: { line: number; text: string; kind: "STYLE" | "REGION"; afterCues: boolean }[];
  unreadable: Unreadable[];
}

/** What the spec's "skip whitespace" passes over within a line (a vertical tab is not one). */
const WHITESPACE = /[ \t\f]/;
const DIGITS = /^\d*/;

/**
 * The W3C's "collect a WebVTT timestamp" at `at`: hours optional (any number of digits), minutes
 * and seconds two digits up to 59, a "." and three digits. Its value and where it ends, or why not.
 */
function timestamp(line: string, at: number): { seconds: number; end: number } | { why: string } {
  let position = at;
  const digits = () => {
    const run = DIGITS.exec(line.slice(position))![0];
    position += run.length;
    return run;
  };
  if (!/\d/.test(line[position] ?? "")) return { why: "a timestamp starts with a digit" };
  let first = digits();
  const hours = first.length !== 2 || Number(first) > 59;
  if (line[position++] !== ":") return { why: `no ":" after ${first}` };
  let minutes = digits();
  if (minutes.length !== 2) return { why: "minutes and seconds take two digits each" };
  let secs: string;
  if (hours || line[position] === ":") {
    if (line[position++] !== ":") return { why: "minutes past 59 or a missing seconds field" };
    secs = digits();
    if (secs.length !== 2) return { why: "minutes and seconds take two digits each" };
  } else [first, minutes, secs] = ["0", first, minutes];
  if (line[position++] !== ".") return { why: 'the seconds end with "." and three digits (not ",")' };
  const fraction = digits();
  if (fraction.length !== 3) return { why: "the fraction of a second takes three digits" };
  if (Number(minutes) > 59 || Number(secs) > 59) return { why: "minutes and seconds go up to 59" };
  const seconds = Number(first) * 3600 + Number(minutes) * 60 + Number(secs) + Number(fraction) / 1000;
  return { seconds, end: position };
}

/** The W3C's "collect WebVTT cue timings and settings": the times and the settings as written, or why not. */
export function readTiming(line: string): { start: number; end: number; settings: string } | { why: string } {
  let position = 0;
  const skipWhitespace = () => {
    while (WHITESPACE.test(line[position] ?? "")) position++;
  };
  skipWhitespace();
  const start = timestamp(line, position);
  if ("why" in start) return start;
  position = start.end;
  skipWhitespace();
  if (line.slice(position, position + 3) !== "-->") return { why: 'the times are not parted by "-->"' };
  position += 3;
  skipWhitespace();
  const end = timestamp(line, position);
  if ("why" in end) return end;
  return { start: start.seconds, end: end.seconds, settings: line.slice(end.end).replace(/^[ \t]+|[ \t]+$/g, "") };
}

/** "STYLE" or "REGION" alone on a block's first line (spaces after it allowed), as the spec detects them. */
const BLOCK_KIND = /^(STYLE|REGION)[ \t\f]*$/;

/**
 * The cues of a WebVTT file, and what could not be read, as the W3C's parsing algorithm (and so
 * browsers) reads it: NUL as U+FFFD; CRLF, CR or LF ends a line; a block ends at an empty line
 * only (YouTube's cues hold lines of a space), or before a line with "-->" past its own timing.
 */
export function parseWebVtt(source: string): ParsedWebVtt {
  const lines = source
    .replace(/^\uFEFF/, "")
    .replaceAll("\0", "\uFFFD")
    .split(/\r\n|\r|\n/);
  const result: ParsedWebVtt = { cues: [], blocks: [], unreadable: [] };
  if (!/^WEBVTT(?:[ \t]|$)/.test(lines[0])) {
    result.unreadable.push({ line: 1, problem: "header" });
    return result;
  }
  // The header: the lines after the signature, up to an empty one or one with "-->".
  let index = 1;
  while (index < lines.length && lines[index] !== "" && !lines[index].includes("-->")) index++;
  while (index < lines.length) {
    if (lines[index] === "") {
      index++;
      continue;
    }
    const first = index;
    const buffer: string[] = [];
    let cue: (Cue & { line: number }) | undefined;
    let kind: "STYLE" | "REGION" | undefined;
    let arrow = false;
    for (let count = 1; index < lines.length; count++) {
      const line = lines[index];
      if (line === "") break;
      if (line.includes("-->")) {
        // An arrow on the block's first or second line times it; a later one starts the next block.
        if (count > 2 || (count === 2 && arrow)) break;
        arrow = true;
        const timing = readTiming(line);
        if ("why" in timing)
          result.unreadable.push({ line: index + 1, problem: "timing", timing: line.trim(), why: timing.why });
        else {
          cue = { start: timing.start, end: timing.end, text: "", line: index + 1 };
          if (buffer[0]) cue.id = buffer[0];
          if (timing.settings) cue.settings = timing.settings;
          buffer.length = 0;
        }
      } else {
        if (count === 2 && !arrow && result.cues.length === 0) kind ??= BLOCK_KIND.exec(buffer[0])?.[1] as typeof kind;
        buffer.push(line);
      }
      index++;
    }
    if (cue) result.cues.push({ ...cue, text: buffer.join("\n") });
    else if (kind)
      result.blocks.push({ line: first + 1, text: lines.slice(first, index).join("\n"), kind, afterCues: false });
    else if (!arrow) skipped(result, lines.slice(first, index), first + 1);
  }
  return result;
}

/**
 * A block that is neither a cue nor a STYLE or REGION block before the cues: a NOTE and a line of
 * spaces between cues are silent, a STYLE or REGION block after a cue is kept to be named, the rest unreadable.
 */
function skipped(result: ParsedWebVtt, block: string[], line: number) {
  if (/^NOTE(?:[ \t]|$)/.test(block[0]) || block.every((text) => text.trim() === "")) return;
  const kind = BLOCK_KIND.exec(block[0])?.[1] as "STYLE" | "REGION" | undefined;
  if (kind && block.length > 1) result.blocks.push({ line, text: block.join("\n"), kind, afterCues: true });
  else result.unreadable.push({ line, problem: "block" });
}

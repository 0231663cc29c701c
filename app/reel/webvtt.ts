/**
 * WebVTT, the one timed-text format of the reels: the cue, its timestamps and text escaping,
 * writing cues to a file and reading them back (SRT too, as editors' tools export captions).
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

const TIMESTAMP = String.raw`(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIMESTAMP}\s*-->\s*${TIMESTAMP}(?:[ \t]+(.*?))?\s*$`);

function seconds(hours: string | undefined, minutes: string, secs: string, fraction: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(fraction.padEnd(3, "0")) / 1000;
}

/** What could not be read, by line of the file; the caller words it for its reader. */
export type Unreadable =
  { line: number; problem: "header" | "block" } | { line: number; problem: "timing"; timing: string };

export interface ParsedWebVtt {
  /** Each with the line of its timing. */
  cues: (Cue & { line: number })[];
  /** The STYLE and REGION blocks, as written, each with its first line. */
  blocks: { line: number; text: string; kind: "STYLE" | "REGION"; afterCues: boolean }[];
  unreadable: Unreadable[];
}

/**
 * The cues of a WebVTT (or SRT) file, and what could not be read, as browsers read them: a block
 * ends at an empty line only (YouTube's cues hold lines of a space) or before a line with "-->" past
 * its timing; SRT ends one at any blank line. NOTE blocks are skipped.
 */
export function parseWebVtt(source: string, format: CueFormat = "vtt"): ParsedWebVtt {
  const lines = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const result: ParsedWebVtt = { cues: [], blocks: [], unreadable: [] };
  const blank = format === "vtt" ? (line: string) => line === "" : (line: string) => line.trim() === "";
  let index = 0;
  if (format === "vtt") {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) {
      result.unreadable.push({ line: 1, problem: "header" });
      return result;
    }
    index = 1;
    while (index < lines.length && lines[index] !== "" && !lines[index].includes("-->")) index++;
  }
  while (index < lines.length) {
    while (index < lines.length && blank(lines[index])) index++;
    if (index >= lines.length) break;
    const first = index;
    const timingAt = [0, 1].find((offset) => lines[first + offset]?.includes("-->") && !blank(lines[first]));
    // Past its timing line, a line with "-->" starts the next block, as in browsers.
    index = timingAt === undefined ? first : first + timingAt + 1;
    while (index < lines.length && !blank(lines[index]) && !(format === "vtt" && lines[index].includes("-->"))) index++;
    const block = lines.slice(first, index);
    // Lines of spaces alone between cues, which players skip.
    if (timingAt === undefined && block.every((text) => text.trim() === "")) continue;
    const kind = /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.exec(block[0])?.[1];
    if (format === "vtt" && kind) {
      if (kind !== "NOTE")
        result.blocks.push({
          line: first + 1,
          text: block.join("\n"),
          kind: kind as "STYLE" | "REGION",
          afterCues: result.cues.length > 0,
        });
      continue;
    }
    if (timingAt === undefined) {
      result.unreadable.push({ line: first + 1, problem: "block" });
      continue;
    }
    const line = first + timingAt + 1;
    const match = TIMING.exec(block[timingAt]);
    if (!match) {
      result.unreadable.push({ line, problem: "timing", timing: block[timingAt].trim() });
      continue;
    }
    const text = block.slice(timingAt + 1).join("\n");
    const cue: Cue & { line: number } = {
      start: seconds(match[1], match[2], match[3], match[4]),
      end: seconds(match[5], match[6], match[7], match[8]),
      text: format === "vtt" ? text : text.trim(),
      line,
    };
    if (timingAt === 1) cue.id = block[0].trim();
    if (match[9]) cue.settings = match[9];
    result.cues.push(cue);
  }
  return result;
}

/**
 * SubRip (.srt), which editors' tools export and which has no formal parser: read as players
 * (VLC, mpv, ffmpeg) read it, loosely, a block ending at any blank line. Served as WebVTT.
 */
import type { Cue, ParsedWebVtt } from "./webvtt.ts";

const TIMESTAMP = String.raw`(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIMESTAMP}\s*-->\s*${TIMESTAMP}(?:[ \t]+(.*?))?\s*$`);

function seconds(hours: string | undefined, minutes: string, secs: string, fraction: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(fraction.padEnd(3, "0")) / 1000;
}

/** The cues of a SubRip file (a number, a timing line, then the text), and the blocks players skip. */
export function parseSubRip(source: string): ParsedWebVtt {
  const lines = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const result: ParsedWebVtt = { cues: [], blocks: [], unreadable: [] };
  const blank = (line: string) => line.trim() === "";
  let index = 0;
  while (index < lines.length) {
    while (index < lines.length && blank(lines[index])) index++;
    if (index >= lines.length) break;
    const first = index;
    while (index < lines.length && !blank(lines[index])) index++;
    const block = lines.slice(first, index);
    const timingAt = [0, 1].find((offset) => block[offset]?.includes("-->"));
    if (timingAt === undefined) {
      result.unreadable.push({ line: first + 1, problem: "block" });
      continue;
    }
    const line = first + timingAt + 1;
    const match = TIMING.exec(block[timingAt]);
    if (!match) {
      const timing = block[timingAt].trim();
      result.unreadable.push({
        line,
        problem: "timing",
        timing,
        why: "players read hours:minutes:seconds,milliseconds",
      });
      continue;
    }
    const cue: Cue & { line: number } = {
      start: seconds(match[1], match[2], match[3], match[4]),
      end: seconds(match[5], match[6], match[7], match[8]),
      text: block
        .slice(timingAt + 1)
        .join("\n")
        .trim(),
      line,
    };
    if (timingAt === 1) cue.id = block[0].trim();
    if (match[9]) cue.settings = match[9];
    result.cues.push(cue);
  }
  return result;
}

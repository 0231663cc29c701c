/**
 * A cue's text and settings made into what the site serves: the markup and placement browsers read
 * kept, the rest dropped and said. Not for the player's chunk: the content build and the reel loader read it.
 */
import { plainText } from "./webvtt.ts";

/** A cue made servable: its WebVTT text and settings, and what had to be dropped or changed, in the editor's words. */
export interface CleanCue {
  text: string;
  settings?: string;
  changes: string[];
}

/** WebVTT's cue markup: class, italic, bold, underline, voice, language, ruby and its text. */
const VTT_TAGS = new Set(["c", "i", "b", "u", "v", "lang", "ruby", "rt"]);
/** A word-timing tag's timestamp (YouTube's `<00:00:03.840>`), hours optional. */
const WORD_TIMING = /^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}$/;
const TAG = /^<(\/?)([^\s./>]*)((?:\.[^\s.>]+)*)(?:[ \t\n]+([^>]*))?>$/;

/**
 * SubRip's `{\anN}` (the numeric keypad's layout, as VLC, mpv and ffmpeg read it) as WebVTT settings:
 * the row by `line`, the side by `align`; 2, bottom centre, is WebVTT's default.
 */
export function subRipPosition(n: number): string | undefined {
  const row = n >= 7 ? "line:0" : n >= 4 ? "line:50%,center" : "";
  const side = n % 3 === 1 ? "align:left" : n % 3 === 0 ? "align:right" : row && "align:center";
  return [row, side].filter(Boolean).join(" ") || undefined;
}

/** `&` that starts no character reference, as text: WebVTT reads `&amp;` the same and it stays valid. */
const escapeAmpersands = (text: string, all: boolean) =>
  all ? text.replaceAll("&", "&amp;") : text.replace(/&(?!(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);)/gi, "&amp;");

/**
 * A cue's text as WebVTT serves it: WebVTT's markup kept, SubRip's `<i> <b> <u>` and `{\anN}` (as a
 * position) kept; other tags dropped, `<font>` too, whose colour would beat the visitor's captions
 * settings. A `<` that opens no tag, and SubRip's `&`, become characters.
 */
export function cleanCueText(source: string, format: "vtt" | "srt"): CleanCue {
  const changes = new Set<string>();
  let settings: string | undefined;
  let text = source;
  if (format === "srt") {
    text = text.replace(/\{\\([^}]*)\}/g, (tag, body: string) => {
      const position = /^an([1-9])$/i.exec(body.trim());
      if (position) settings ??= subRipPosition(Number(position[1]));
      else changes.add(`dropped ${tag}: browsers would print SubRip's override tags`);
      return "";
    });
  }
  const parts = text.split(/(<[^<>]*>)/);
  const out = parts.map((part, index) => {
    if (index % 2 === 0) {
      if (part.includes("<")) changes.add('a "<" that opens no tag is served as the character (write &lt;)');
      return escapeAmpersands(part, format === "srt").replaceAll("<", "&lt;");
    }
    if (format === "vtt" && WORD_TIMING.test(part.slice(1, -1))) return part;
    const tag = TAG.exec(part);
    const name = format === "srt" ? tag?.[2].toLowerCase() : tag?.[2];
    if (tag && name !== undefined) {
      if (format === "srt" && ["i", "b", "u"].includes(name)) return `<${tag[1]}${name}>`;
      if (format === "vtt" && VTT_TAGS.has(name)) return part;
      if (name === "font") {
        if (!tag[1])
          changes.add(`dropped ${part}: a colour in the cue would beat the one visitors pick in the captions settings`);
        return "";
      }
    }
    changes.add(`dropped ${part}: not WebVTT markup`);
    return "";
  });
  return { text: out.join(""), ...(settings && { settings }), changes: [...changes] };
}

/** The identifier of a REGION block's region ("REGION\nid:fred width:40%"). */
export const regionId = (block: string): string | undefined => /(?:^|\s)id:(\S+)/.exec(block)?.[1];

/** One line of a script: who speaks (where the cue's `<v Name>` says) and what is said, as plain text. */
export interface ScriptLine {
  speaker?: string;
  text: string;
}

/** A cue's text as a script's lines, one per change of voice (`<v Pilot>Clear.</v> <v Tower>Go.</v>`). */
export function scriptLines(text: string): ScriptLine[] {
  const lines: ScriptLine[] = [];
  let speaker: string | undefined;
  let said = "";
  const flush = () => {
    const plain = plainText(said);
    said = "";
    if (!plain) return;
    const last = lines.at(-1);
    if (last && last.speaker === speaker) last.text += ` ${plain}`;
    else lines.push(speaker === undefined ? { text: plain } : { speaker, text: plain });
  };
  const voices = /<v(?:\.[^\s>]*)?(?:[ \t\n]+([^>]*))?>|<\/v>/g;
  let from = 0;
  for (const voice of text.matchAll(voices)) {
    said += text.slice(from, voice.index);
    from = voice.index + voice[0].length;
    flush();
    speaker = voice[0] === "</v>" ? undefined : plainText(voice[1] ?? "") || undefined;
  }
  said += text.slice(from);
  flush();
  return lines;
}

/**
 * The cue's text without the lines the cue before it showed: captions that roll (YouTube's keep
 * the last line and add one) repeat each line once, which the transcript and the reading rate count once.
 */
export function freshText(text: string, previous: string | undefined): string {
  const shown = new Set((previous ?? "").split("\n").map(plainText));
  return text
    .split("\n")
    .filter((line) => plainText(line) !== "" && !shown.has(plainText(line)))
    .join("\n");
}

import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { checkCues, languageLabel, type ParsedCaptions, parseCaptions } from "#app/reel/captions.ts";
import { subRipPosition } from "#app/reel/cue-text.ts";
import { numbered, plainText, writeWebVtt } from "#app/reel/webvtt.ts";

const VTT = `WEBVTT

NOTE written by hand

1
00:00:01.000 --> 00:00:03.500 align:start
[Rain on a tin roof]

00:04.000 --> 00:06.000
<v Mara>Over here!</v>
`;

const SRT = `1
00:00:01,000 --> 00:00:03,500
[Rain on a tin roof]

2
00:00:04,000 --> 00:00:06,000
<i>Over here!</i>
`;

describe("reading captions", () => {
  it("reads WebVTT cues with their lines, skipping notes and keeping settings out of the text", () => {
    const { cues, errors } = parseCaptions(VTT, "vtt");
    expect(errors).toEqual([]);
    expect(cues).toEqual([
      { id: "1", start: 1, end: 3.5, settings: "align:start", text: "[Rain on a tin roof]", line: 6 },
      { start: 4, end: 6, text: "<v Mara>Over here!</v>", line: 9 },
    ]);
  });

  it("reads SRT, with comma decimals and CRLF line ends", () => {
    const { cues, errors } = parseCaptions(SRT.replace(/\n/g, "\r\n"), "srt");
    expect(errors).toEqual([]);
    expect(cues.map(({ start, end, text, line }) => [start, end, text, line])).toEqual([
      [1, 3.5, "[Rain on a tin roof]", 2],
      [4, 6, "<i>Over here!</i>", 6],
    ]);
  });

  it("refuses a file without its header, which players refuse too, naming the line", () => {
    expect(parseCaptions("00:01.000 --> 00:02.000\nHi\n", "vtt").errors).toEqual([
      { line: 1, message: 'must start with the line "WEBVTT"' },
    ]);
  });

  it("skips, as players do, a cue it cannot time, a block that is no cue and a cue without text, warning by line", () => {
    const { cues, errors, warnings } = parseCaptions(
      "WEBVTT\n\n00:01 --> 00:02.000\nHi\n\nonly text\n\n00:02.500 --> 00:03.000\n<i> </i>\n\n00:03.000 --> 00:04.000\nThere\n",
      "vtt",
    );
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      {
        line: 3,
        message: expect.stringMatching(/^dropped, as players skip it: "00:01 --> 00:02.000" is not a timing/),
      },
      { line: 6, message: expect.stringMatching(/^dropped, as players skip it: it is not a cue/) },
      { line: 8, message: expect.stringMatching(/^has no text: dropped/) },
    ]);
    expect(cues.map((cue) => cue.text)).toEqual(["There"]);
  });
});

describe("checking cues against the film", () => {
  const cues = (source: string) => parseCaptions(`WEBVTT\n\n${source}`, "vtt").cues;

  it("accepts cues in order, inside the film", () => {
    expect(checkCues(cues("00:00.000 --> 00:02.000\nOne\n\n00:02.000 --> 00:04.000\nTwo\n"), 4)).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it("refuses a cue past the film's end, out of order, or ending before it starts, by line", () => {
    const checked = checkCues(
      cues("00:05.000 --> 00:07.000\nLate\n\n00:01.000 --> 00:02.000\nEarlier\n\n00:03.000 --> 00:02.500\nBackwards\n"),
      6,
    );
    expect(checked.errors.map(({ line, message }) => [line, message.split(" ")[0]])).toEqual([
      [3, "ends"],
      [6, "starts"],
      [9, "ends"],
    ]);
    expect(checked.errors[0].message).toContain("after the film's end");
  });

  it("warns, without refusing, about a cue too fast to read", () => {
    const checked = checkCues(cues("00:00.000 --> 00:01.000\nThis line has far too many words for one second\n"), 10);
    expect(checked.errors).toEqual([]);
    expect(checked.warnings).toEqual([{ line: 3, message: expect.stringContaining("characters a second") }]);
  });
});

describe("writing captions", () => {
  it("serves any cue list as WebVTT that reads back the same", () => {
    const source = parseCaptions(SRT, "srt").cues.map(({ start, end, text }) => ({ start, end, text }));
    const again = parseCaptions(writeWebVtt(source), "vtt");
    expect(again.errors).toEqual([]);
    expect(again.cues.map(({ start, end, text }) => ({ start, end, text }))).toEqual(source);
  });

  it("names a language in that language", () => {
    expect(languageLabel("en")).toBe("English");
    expect(languageLabel("fr")).toBe("Français");
  });
});

/** Captions files shaped like what editors' tools export (tests/fixtures/captions/). */
const toolFile = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures/captions", name), "utf8");
/** The file as the site serves it: the captions route's WebVTT of what the content check keeps. */
const served = ({ cues, blocks }: ParsedCaptions) =>
  writeWebVtt(numbered(cues.map(({ line: _line, id: _id, ...cue }) => cue)), blocks);

describe("captions as YouTube's automatic captions write them", () => {
  const parsed = parseCaptions(toolFile("youtube-auto.en.vtt"), "vtt");

  it("reads every cue (a line holding a space is part of its cue), with nothing to refuse or drop", () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.cues.map(({ start, end }) => [start, end])).toEqual([
      [0.16, 2.31],
      [2.31, 2.32],
      [2.32, 5.19],
      [5.19, 5.2],
      [5.2, 7],
    ]);
    expect(parsed.cues.map((cue) => plainText(cue.text))).toEqual([
      "welcome back to the hangar",
      "welcome back to the hangar",
      "welcome back to the hangar today we fly north",
      "today we fly north",
      "today we fly north [Music]",
    ]);
  });

  it("serves its word timings and settings as written", () => {
    const [first] = parsed.cues;
    expect(first.settings).toBe("align:start position:0%");
    expect(first.text).toBe(
      " \nwelcome<00:00:00.480><c> back</c><00:00:00.800><c> to</c><00:00:01.120><c> the</c><00:00:01.440><c> hangar</c>",
    );
    expect(served(parsed)).toContain(
      "1\n00:00:00.160 --> 00:00:02.310 align:start position:0%\n \nwelcome<00:00:00.480><c> back</c>",
    );
  });

  it("counts a rolled-up line once in the reading rate: the 10 ms cues that repeat a line are no warning", () => {
    expect(checkCues(parsed.cues, 30)).toEqual({ errors: [], warnings: [] });
  });
});

describe("captions as Subtitle Edit writes SubRip", () => {
  const parsed = parseCaptions(toolFile("subtitle-edit.fr.srt"), "srt");

  it("places {\\anN} as players do, keeps <i> <b> <u>, and drops other override tags and <font>, saying so by line", () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map(({ settings, text }) => [settings, text])).toEqual([
      ["line:0 align:center", "CALLOWAY HANGAR, DAY ONE"],
      [undefined, "Pilot: Clear for take-off?\n<i>(engine whine)</i>"],
      ["line:0 align:left", "Fish &amp; chips &lt; later"],
      ["align:right", "<b>Bottom</b> right"],
    ]);
    expect(parsed.warnings).toEqual([
      { line: 7, message: expect.stringContaining('dropped <font color="#ffff00">') },
      { line: 12, message: expect.stringMatching(/dropped \{\\pos\(20,30\)\}.*a "<" that opens no tag/) },
    ]);
  });

  it("maps the keypad's nine positions to WebVTT settings", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(subRipPosition)).toEqual([
      "align:left",
      undefined,
      "align:right",
      "line:50%,center align:left",
      "line:50%,center align:center",
      "line:50%,center align:right",
      "line:0 align:left",
      "line:0 align:center",
      "line:0 align:right",
    ]);
  });
});

describe("captions placed and voiced in WebVTT (CRLF, a byte-order mark, no hours)", () => {
  const parsed = parseCaptions(toolFile("placed.en.vtt"), "vtt");

  it("serves the STYLE and REGION blocks, and each cue's settings and markup, escaped as WebVTT wants", () => {
    expect(parsed.errors).toEqual([]);
    expect(served(parsed)).toBe(
      [
        "WEBVTT",
        "",
        "STYLE",
        "::cue(.radio) { color: #9fd3ff; }",
        "",
        "REGION",
        "id:left",
        "width:40%",
        "lines:3",
        "regionanchor:0%,100%",
        "viewportanchor:10%,90%",
        "scroll:up",
        "",
        "1",
        "00:00:01.000 --> 00:00:03.000 line:10% position:50% align:center",
        "<v Pilot>Tower, Calloway one-one, ready.</v>",
        "",
        "2",
        "00:00:03.500 --> 00:00:06.000 size:80% align:start position:10% region:left",
        "<v Tower>Calloway one-one, cleared.</v>",
        "<v Pilot><c.radio>Cleared, one-one.</c></v>",
        "",
        "3",
        "00:00:06.000 --> 00:00:08.000 vertical:rl line:-1",
        "<ruby>空<rt>そら</rt></ruby> <lang fr>au revoir</lang> <u>now</u> &amp; <b>then</b>",
        "",
      ].join("\n"),
    );
  });

  it("drops, by line, a setting browsers ignore and a region no REGION block defines", () => {
    expect(parsed.warnings).toEqual([
      {
        line: 26,
        message:
          'dropped the setting "colour:red": browsers ignore it; dropped the setting "region:nowhere": browsers ignore it',
      },
    ]);
  });

  it("drops a STYLE block after the first cue, which browsers ignore, and says where", () => {
    const late = parseCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\nSTYLE\n::cue { color: red }\n", "vtt");
    expect(late.blocks).toEqual([]);
    expect(late.warnings).toEqual([{ line: 6, message: expect.stringContaining("dropped this STYLE block") }]);
  });

  it("drops tags that are not WebVTT markup, and escapes a stray < and &", () => {
    const [cue] = parseCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\n<font color=red>A</font> & B < C\n", "vtt").cues;
    expect(cue.text).toBe("A &amp; B &lt; C");
    expect(parseCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\nA &amp; B&#233; &lt;\n", "vtt").cues[0].text).toBe(
      "A &amp; B&#233; &lt;",
    );
  });
});

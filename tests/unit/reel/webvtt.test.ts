import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { parseSubRip } from "#model/cues/subrip.ts";
import { escapeText, formatTimestamp, numbered, parseWebVtt, plainText, writeWebVtt } from "#model/cues/webvtt.ts";

/** A file of tests/fixtures/captions/, written by hand in the shape of the W3C's WebVTT parsing tests. */
const file = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures/captions", name), "utf8");

describe("WebVTT timestamps", () => {
  it("are written hours first, to the millisecond", () => {
    expect([0, 6, 59.9996, 75.4, 3725.25, 36_000].map(formatTimestamp)).toEqual([
      "00:00:00.000",
      "00:00:06.000",
      "00:01:00.000",
      "00:01:15.400",
      "01:02:05.250",
      "10:00:00.000",
    ]);
  });

  it("are read with or without hours; SubRip's loosely, with its comma, as players read it", () => {
    const [cue] = parseWebVtt("WEBVTT\n\n01:02:05.250 --> 01:02:06.500\nHi\n").cues;
    expect([cue.start, cue.end]).toEqual([3725.25, 3726.5]);
    const [short] = parseWebVtt("WEBVTT\n\n02:05.250 --> 02:06.000\nHi\n").cues;
    expect([short.start, short.end]).toEqual([125.25, 126]);
    const [srt] = parseSubRip("1\n00:00:01,000 --> 00:00:02,5\nHi\n").cues;
    expect([srt.start, srt.end]).toEqual([1, 2.5]);
  });
});

describe("WebVTT text", () => {
  it("escapes plain text as one line of a cue", () => {
    expect(escapeText("A <b> --> B &\n  C")).toBe("A &lt;b> --&gt; B &amp; C");
  });

  it("reads a cue's text aloud without tags or entities", () => {
    expect(plainText("<v Mara>Fish &amp; chips\n<i>now</i></v>")).toBe("Fish & chips now");
    expect(plainText(escapeText("A <b> --> B & C"))).toBe("A <b> --> B & C");
    expect(plainText("Caf&#233; &#x2014; bar &amp;lt; &#99999999;")).toBe("Café — bar &lt; &#99999999;");
  });
});

describe("writing and reading WebVTT", () => {
  const cues = [
    { start: 0, end: 2.5, text: "[Rain]" },
    { id: "two", start: 2.5, end: 61, settings: "align:start line:0", text: "<v Mara>Over here!</v>\nQuick." },
    { start: 3600, end: 3601.001, text: escapeText("Fish & chips --> <now>") },
  ];

  it("writes the header, then a block per cue with its identifier and settings where it has them", () => {
    expect(writeWebVtt(cues)).toBe(
      "WEBVTT\n\n" +
        "00:00:00.000 --> 00:00:02.500\n[Rain]\n\n" +
        "two\n00:00:02.500 --> 00:01:01.000 align:start line:0\n<v Mara>Over here!</v>\nQuick.\n\n" +
        "01:00:00.000 --> 01:00:01.001\nFish &amp; chips --&gt; &lt;now>\n",
    );
    expect(writeWebVtt(numbered(cues.slice(0, 1)))).toBe("WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\n[Rain]\n");
  });

  it("reads back what it writes", () => {
    const { cues: read, unreadable } = parseWebVtt(writeWebVtt(cues));
    expect(unreadable).toEqual([]);
    expect(read.map(({ line: _line, ...cue }) => cue)).toEqual(cues);
    expect(read.map((cue) => cue.line)).toEqual([3, 7, 11]);
  });

  it("skips notes, keeps styles and regions apart from the cues, and reads CRLF and a byte-order mark", () => {
    const source =
      "\uFEFFWEBVTT - reel\r\nKind: captions\r\n\r\nNOTE hi\r\n\r\nSTYLE\r\n::cue { color: red }\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n";
    expect(parseWebVtt(source)).toEqual({
      cues: [{ start: 1, end: 2, text: "Hi", line: 9 }],
      blocks: [{ line: 6, text: "STYLE\n::cue { color: red }", kind: "STYLE", afterCues: false }],
      unreadable: [],
    });
  });

  it("ends a cue at an empty line only, as browsers do: a line of spaces is part of its text", () => {
    const { cues, unreadable } = parseWebVtt(
      "WEBVTT\n\n00:01.000 --> 00:02.000\n \nHello\n\n00:02.000 --> 00:03.000\nHello\n \n\n \n\n00:03.000 --> 00:04.000\nThere\n",
    );
    expect(unreadable).toEqual([]);
    expect(cues.map((cue) => cue.text)).toEqual([" \nHello", "Hello\n ", "There"]);
  });

  it("starts a new block at a line with an arrow, after the header or past a cue's timing", () => {
    const { cues, unreadable } = parseWebVtt(
      "WEBVTT\nKind: captions\n00:01.000 --> 00:02.000\nOne\n00:02.000-->00:03.000 line:0\nTwo\n",
    );
    expect(unreadable).toEqual([]);
    expect(cues.map(({ start, text, settings }) => [start, text, settings])).toEqual([
      [1, "One", undefined],
      [2, "Two", "line:0"],
    ]);
  });

  it("marks a STYLE or REGION block that follows a cue, which browsers ignore", () => {
    const { blocks } = parseWebVtt("WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\nREGION\nid:late\n");
    expect(blocks).toEqual([{ line: 6, text: "REGION\nid:late", kind: "REGION", afterCues: true }]);
  });

  it("writes STYLE and REGION blocks between the header and the cues", () => {
    expect(writeWebVtt([{ start: 0, end: 1, text: "Hi" }], ["STYLE\n::cue { color: red }"])).toBe(
      "WEBVTT\n\nSTYLE\n::cue { color: red }\n\n00:00:00.000 --> 00:00:01.000\nHi\n",
    );
  });

  it("says, by line, what it cannot read, and reads the rest", () => {
    expect(parseWebVtt("00:01.000 --> 00:02.000\nHi\n")).toEqual({
      cues: [],
      blocks: [],
      unreadable: [{ line: 1, problem: "header" }],
    });
    const { cues: read, unreadable } = parseWebVtt(
      "WEBVTT\n\nonly text\n\n00:01 --> 00:02.000\nHi\n\n00:03.000 --> 00:04.000\nThere\n",
    );
    expect(unreadable).toEqual([
      { line: 3, problem: "block" },
      {
        line: 5,
        problem: "timing",
        timing: "00:01 --> 00:02.000",
        why: 'the seconds end with "." and three digits (not ",")',
      },
    ]);
    expect(read.map((cue) => cue.text)).toEqual(["There"]);
  });
});

/** Each cue as [line of its timing, identifier, start, end, text]. */
const read = (source: string) => {
  const { cues, unreadable } = parseWebVtt(source);
  return {
    cues: cues.map(({ line, id, start, end, text }) => [line, id, start, end, text]),
    skipped: unreadable.map(({ line, problem }) => [line, problem]),
  };
};

// Each expectation below is written by hand from the W3C's WebVTT parsing algorithm; Chromium,
// Firefox and WebKitGTK read these files so, but for a few settings and Firefox ending a cue at a line of spaces.
describe("the W3C's WebVTT parser, on files shaped like its parsing tests", () => {
  it("timings: hours optional (any digits), minutes and seconds two digits up to 59, a '.' and three digits", () => {
    expect(read(file("timings.en.vtt"))).toEqual({
      cues: [
        [6, "a", 1, 2, "hours, two digits"],
        [10, "b", 2, 3, "no hours"],
        [14, "c", 3, 4, "one-digit hours"],
        [42, "k", 6, 7, "no spaces"],
        [46, "l", 7, 8, "tabs"],
        [54, "n", 9, 10, "form feeds"],
        [58, "o", 10, 11, "spaces around"],
        [62, "p", 11, 12, "a letter after"],
        [78, "d", 360_000, 360_001, "three-digit hours"],
      ],
      skipped: [
        [18, "timing"],
        [22, "timing"],
        [26, "timing"],
        [30, "timing"],
        [34, "timing"],
        [38, "timing"],
        [50, "timing"],
        [66, "timing"],
        [69, "block"],
        [74, "timing"],
      ],
    });
    // What follows the end time is the settings' part, "x" here; a vertical tab parts nothing.
    expect(parseWebVtt(file("timings.en.vtt")).cues[7].settings).toBe("x");
    expect(parseWebVtt(file("timings.en.vtt")).unreadable[6]).toMatchObject({
      why: 'the times are not parted by "-->"',
    });
  });

  it("NUL: read as U+FFFD wherever it stands, in an identifier, a text or a timing line", () => {
    const { cues, unreadable } = parseWebVtt(file("nul.en.vtt"));
    expect(unreadable).toEqual([]);
    expect(cues.map(({ id, text, settings }) => [id, text, settings])).toEqual([
      ["\uFFFDid\uFFFD", "nul\uFFFDtext", undefined],
      [undefined, "joined", "\uFFFDalign:end"],
      [undefined, "apart", "\uFFFD align:end"],
    ]);
  });

  it("line terminators: CRLF, CR and LF alike; a line of spaces is text, a line with an arrow starts a block", () => {
    expect(read(file("line-ends.en.vtt"))).toEqual({
      cues: [
        [3, undefined, 1, 2, "CRLF\n \nspace line kept"],
        [8, undefined, 2, 3, "CR"],
        [11, undefined, 3, 4, "LF"],
        [13, undefined, 4, 5, "arrow ends a block"],
        [18, undefined, 5, 6, "a tab after it"],
        [23, undefined, 6, 7, "last, no line end"],
      ],
      skipped: [],
    });
  });

  it("blocks: the header, NOTE, STYLE and REGION before the cues; an identifier alone or on two lines is no cue", () => {
    const source = file("blocks.en.vtt");
    expect(read(source)).toEqual({
      cues: [
        [15, "1", 1, 2, "with an identifier"],
        [24, undefined, 2, 4, "after a two-line block"],
        [31, "NOTE", 4, 5, "NOTE as identifier"],
      ],
      skipped: [
        [18, "block"],
        [20, "block"],
        [22, "block"],
      ],
    });
    expect(parseWebVtt(source).blocks).toEqual([
      { line: 7, text: "STYLE\n::cue { color: yellow }", kind: "STYLE", afterCues: false },
      { line: 10, text: "REGION\nid:left\nwidth:40%", kind: "REGION", afterCues: false },
      { line: 27, text: "STYLE\n::cue { color: red }", kind: "STYLE", afterCues: true },
    ]);
  });

  it("the signature: WEBVTT, then a space, a tab or the line's end; a byte-order mark before it", () => {
    const signed = (first: string) => parseWebVtt(`${first}\n\n00:00:01.000 --> 00:00:02.000\nHi\n`).cues.length;
    expect(["WEBVTT", "WEBVTT\tx", "WEBVTT - x", "\uFEFFWEBVTT"].map(signed)).toEqual([1, 1, 1, 1]);
    expect(["WEBVTTX", "webvtt", " WEBVTT", "WEBVTT\fx"].map((first) => read(`${first}\n`).skipped)).toEqual(
      Array(4).fill([[1, "header"]]),
    );
    expect(parseWebVtt("WEBVTT")).toEqual({ cues: [], blocks: [], unreadable: [] });
    expect(read("WEBVTT\n00:00:01.000 --> 00:00:02.000\nright after the signature\n").cues).toEqual([
      [2, undefined, 1, 2, "right after the signature"],
    ]);
  });
});

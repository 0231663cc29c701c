import { describe, expect, it } from "vitest";

import { checkCues, languageLabel, parseCaptions } from "~/reel/captions";
import { writeWebVtt } from "~/reel/webvtt";

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

  it("names the line of a file without its header, and of a cue it cannot read", () => {
    expect(parseCaptions("00:01.000 --> 00:02.000\nHi\n", "vtt").errors).toEqual([
      { line: 1, message: 'must start with the line "WEBVTT"' },
    ]);
    const { cues, errors } = parseCaptions(
      "WEBVTT\n\n00:01 --> 00:02.000\nHi\n\n00:03.000 --> 00:04.000\nThere\n",
      "vtt",
    );
    expect(errors).toEqual([{ line: 3, message: expect.stringContaining("is not a timing") }]);
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

  it("refuses a cue past the film's end, out of order, ending before it starts, or empty, by line", () => {
    const checked = checkCues(
      cues(
        "00:05.000 --> 00:07.000\nLate\n\n00:01.000 --> 00:02.000\nEarlier\n\n00:03.000 --> 00:02.500\nBackwards\n\n00:04.000 --> 00:05.000\n<i></i>\n",
      ),
      6,
    );
    expect(checked.errors.map(({ line, message }) => [line, message.split(" ")[0]])).toEqual([
      [3, "ends"],
      [6, "starts"],
      [9, "ends"],
      [12, "has"],
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

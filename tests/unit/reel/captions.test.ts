import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { checkCues, languageLabel, parseCaptions } from "#model/cues/captions.ts";
import { subRipPosition } from "#model/cues/cue-text.ts";
import { numbered, plainText, writeWebVtt } from "#model/cues/webvtt.ts";

import { checkCaptions } from "#content-check/checks/captions.ts";

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
    expect(checkCues(cues("00:00.000 --> 00:02.000\nOne\n\n00:02.000 --> 00:04.000\nTwo\n"), 4)).toMatchObject({
      errors: [],
      warnings: [],
    });
  });

  it("refuses cues out of time order, by line", () => {
    const checked = checkCues(cues("00:05.000 --> 00:07.000\nLate\n\n00:01.000 --> 00:02.000\nEarlier\n"), 10);
    expect(checked.errors).toEqual([{ line: 6, message: expect.stringMatching(/^starts \(00:00:01\.000\) before/) }]);
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

/** A captions file of tests/fixtures/captions/, written by hand. */
const toolFile = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures/captions", name), "utf8");
/** The file a captions file is served as, written by hand (tests/fixtures/golden/captions/). */
const golden = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../fixtures/golden/captions", name), "utf8");

/**
 * A captions file as the site serves it: read by the content check (checkCaptions, for a film
 * `duration` seconds long) and written by the captions route; with the warnings, as [line, message].
 */
function served(name: string, duration = 400_000) {
  const [slug, lang, format] = name.split(".") as [string, string, "vtt" | "srt"];
  const checked = checkCaptions([{ name, slug, lang, format, text: toolFile(name) }], { [slug]: duration });
  const [track] = checked.captions[slug] ?? [];
  return {
    file: track && writeWebVtt(numbered(track.cues), track.blocks),
    problems: checked.problems.map(({ line, message }) => [line, message]),
    warnings: checked.warnings.map(({ line, message }) => [line, message]),
  };
}

// Each file below is served byte for byte as its golden file, written by hand, never by the code.
describe("captions files in, WebVTT out", () => {
  it("timings: each cue browsers skip is dropped, saying why by its line; the rest served hours first", () => {
    const { file, problems, warnings } = served("timings.en.vtt");
    expect(problems).toEqual([]);
    expect(file).toBe(golden("timings.en.vtt"));
    const skipped = (timing: string, why: string) =>
      `dropped, as players skip it: "${timing}" is not a timing: ${why} (write it as 00:00:01.000 --> 00:00:03.000)`;
    expect(warnings).toEqual([
      [18, skipped("0:04.000 --> 00:05.000", "minutes past 59 or a missing seconds field")],
      [22, skipped("00:00:05.00 --> 00:00:06.000", "the fraction of a second takes three digits")],
      [26, skipped("00:00:05.0000 --> 00:00:06.000", "the fraction of a second takes three digits")],
      [30, skipped("00:00:05,000 --> 00:00:06.000", 'the seconds end with "." and three digits (not ",")')],
      [34, skipped("00:60:00.000 --> 01:00:01.000", "minutes and seconds go up to 59")],
      [38, skipped("00:00:60.000 --> 00:01:01.000", "minutes and seconds go up to 59")],
      [50, skipped("00:00:08.000\v-->\v00:00:09.000", 'the times are not parted by "-->"')],
      [62, 'dropped the setting "x": browsers ignore it (a setting is a name:value)'],
      [66, skipped("60:00.000 --> 60:01.000", "minutes past 59 or a missing seconds field")],
      [69, expect.stringMatching(/^dropped, as players skip it: it is not a cue/)],
      [74, skipped("00:00:13.000 --> 00:00:14", 'the seconds end with "." and three digits (not ",")')],
    ]);
  });

  it("settings: each one browsers ignore is dropped on its own, saying why; the later of two is kept", () => {
    const { file, problems, warnings } = served("settings.en.vtt");
    expect(problems).toEqual([]);
    expect(file).toBe(golden("settings.en.vtt"));
    const line = "line takes a line number (0, -1, 1.5) or a percentage from 0% to 100%";
    const percent = (name: string) => `${name} takes a percentage from 0% to 100%`;
    const dropped = (setting: string, why: string) => `dropped the setting "${setting}": browsers ignore it (${why})`;
    expect(warnings).toEqual([
      [16, dropped("line:.5", line)],
      [19, dropped("line:5.", line)],
      [22, dropped("line:1-2", line)],
      [25, dropped("line:101%", line)],
      [28, dropped("line:-5%", line)],
      [34, dropped("line:10%,middle", 'the line\'s alignment after "," is start, center or end')],
      [40, dropped("position:25%,start", 'the position\'s alignment after "," is line-left, center or line-right')],
      [43, dropped("position:25", percent("position"))],
      [49, dropped("size:120%", percent("size"))],
      [55, dropped("align:middle", "align takes start, center, end, left or right")],
      [61, dropped("vertical:up", 'vertical takes "rl" or "lr"')],
      [64, 'dropped the setting "line:0": browsers apply the later "line:3"'],
      [70, dropped("line:2\fsize:50%", line)],
      [73, `${dropped(":x", "a setting is a name:value")}; ${dropped("line:", "a setting is a name:value")}`],
      [79, dropped("region:nowhere", 'no REGION block before the cues defines the region "nowhere"')],
      [
        82,
        `${dropped("colour:red", 'browsers know no setting "colour"')}; ${dropped("LINE:1", 'browsers know no setting "LINE"')}`,
      ],
    ]);
  });

  it("NULs: read as U+FFFD, so a setting joined to one is a setting browsers ignore", () => {
    const { file, warnings } = served("nul.en.vtt");
    expect(file).toBe(golden("nul.en.vtt"));
    expect(warnings).toEqual([
      [7, 'dropped the setting "\uFFFDalign:end": browsers ignore it (browsers know no setting "\uFFFDalign")'],
      [10, 'dropped the setting "\uFFFD": browsers ignore it (a setting is a name:value)'],
    ]);
  });

  it("line terminators: CRLF, CR and LF in, LF out, a line of spaces kept in its cue", () => {
    expect(served("line-ends.en.vtt")).toEqual({ file: golden("line-ends.en.vtt"), problems: [], warnings: [] });
  });

  it("blocks: STYLE and REGION before the cues served, one after them dropped, a block that is no cue named", () => {
    const { file, warnings } = served("blocks.en.vtt");
    expect(file).toBe(golden("blocks.en.vtt"));
    expect(warnings.map(([line, message]) => [line, String(message).split(":")[0]])).toEqual([
      [18, "dropped, as players skip it"],
      [20, "dropped, as players skip it"],
      [22, "dropped, as players skip it"],
      [27, "dropped this STYLE block"],
    ]);
  });

  it("the film's end: a cue browsers never show is dropped, by line, and the rest served; none refuses the file", () => {
    const { file, problems, warnings } = served("film-end.en.vtt", 10);
    expect(problems).toEqual([]);
    expect(file).toBe(golden("film-end.en.vtt"));
    expect(warnings).toEqual([
      [6, "dropped, as browsers never show it: it ends (00:00:02.500) at or before its start (00:00:03.000)"],
      [9, "dropped, as browsers never show it: it ends (00:00:04.000) at or before its start (00:00:04.000)"],
      [15, "ends at 00:00:12.000, after the film's end (00:00:10.000): it shows until the film ends"],
      [18, "dropped, as browsers never show it: it starts (00:00:10.000) after the film's end (00:00:10.000)"],
      [21, "dropped, as browsers never show it: it starts (00:00:20.000) after the film's end (00:00:10.000)"],
    ]);
  });

  it("a file browsers refuse (no WEBVTT line) is refused, naming file and line", () => {
    const checked = checkCaptions(
      [
        {
          name: "reel.en.vtt",
          slug: "reel",
          lang: "en",
          format: "vtt",
          text: "WEBVTTX\n\n00:00:01.000 --> 00:00:02.000\nHi\n",
        },
      ],
      { reel: 10 },
    );
    expect(checked.problems).toEqual([
      { file: "reel.en.vtt", path: [], line: 1, message: 'must start with the line "WEBVTT"' },
    ]);
  });
});

describe("captions as YouTube's automatic captions write them", () => {
  it("serves every cue as written (a line holding a space is part of its cue), with nothing to refuse or drop", () => {
    expect(served("youtube-auto.en.vtt", 30)).toEqual({
      file: golden("youtube-auto.en.vtt"),
      problems: [],
      warnings: [],
    });
  });

  it("counts a rolled-up line once in the reading rate: the 10 ms cues that repeat a line are no warning", () => {
    const parsed = parseCaptions(toolFile("youtube-auto.en.vtt"), "vtt");
    expect(parsed.cues.map((cue) => plainText(cue.text))).toEqual([
      "welcome back to the hangar",
      "welcome back to the hangar",
      "welcome back to the hangar today we fly north",
      "today we fly north",
      "today we fly north [Music]",
    ]);
    expect(checkCues(parsed.cues, 30)).toMatchObject({ errors: [], warnings: [] });
  });
});

describe("captions as Subtitle Edit writes SubRip", () => {
  it("places {\\anN} as players do, keeps <i> <b> <u>, and drops other override tags and <font>, saying so by line", () => {
    const { file, problems, warnings } = served("subtitle-edit.fr.srt", 30);
    expect(problems).toEqual([]);
    expect(file).toBe(golden("subtitle-edit.fr.vtt"));
    expect(warnings).toEqual([
      [7, expect.stringContaining('dropped <font color="#ffff00">')],
      [12, expect.stringMatching(/dropped \{\\pos\(20,30\)\}.*a "<" that opens no tag/)],
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
  it("serves the STYLE and REGION blocks, and each cue's settings and markup, escaped as WebVTT wants", () => {
    const { file, problems, warnings } = served("placed.en.vtt", 30);
    expect(problems).toEqual([]);
    expect(file).toBe(golden("placed.en.vtt"));
    expect(warnings).toEqual([
      [
        26,
        'dropped the setting "colour:red": browsers ignore it (browsers know no setting "colour"); ' +
          'dropped the setting "region:nowhere": browsers ignore it (no REGION block before the cues defines the region "nowhere")',
      ],
    ]);
  });

  it("drops tags that are not WebVTT markup, and escapes a stray < and &", () => {
    const [cue] = parseCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\n<font color=red>A</font> & B < C\n", "vtt").cues;
    expect(cue.text).toBe("A &amp; B &lt; C");
    expect(parseCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\nA &amp; B&#233; &lt;\n", "vtt").cues[0].text).toBe(
      "A &amp; B&#233; &lt;",
    );
  });
});

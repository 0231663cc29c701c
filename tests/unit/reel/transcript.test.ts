import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { inPageLanguageFirst, parseCaptions } from "#model/cues/captions.ts";
import { scriptLines } from "#model/cues/cue-text.ts";
import { transcriptOf } from "#app/reel/reel.server.ts";
import type { ReelChapter } from "#app/reel/timeline.ts";

const track = (lang: string, label: string, file: string, format: "vtt" | "srt" = "vtt") => ({
  lang,
  label,
  cues: parseCaptions(readFileSync(join(import.meta.dirname, "../../fixtures/captions", file), "utf8"), format).cues,
});
const chapter: ReelChapter = {
  start: 0,
  end: 10,
  title: "Hangar",
  client: "Vantor Air",
  director: { name: "Juno Adeyemi", url: "/artists/film/juno-adeyemi" },
  artist: "juno-adeyemi",
};
const heard = (lines: { seen: boolean; speaker?: string; text: string }[]) =>
  lines.filter((line) => !line.seen).map(({ speaker, text }) => (speaker ? `${speaker}: ${text}` : text));

describe("a transcript that reads like a script", () => {
  it("names the speaker of each voice, a line per change of speaker inside a cue", () => {
    expect(scriptLines("<v Pilot>Tower, ready.</v>")).toEqual([{ speaker: "Pilot", text: "Tower, ready." }]);
    expect(scriptLines("<v.loud Tower>Cleared.</v>\n<v Pilot><c.radio>Cleared,</c>\none-one.")).toEqual([
      { speaker: "Tower", text: "Cleared." },
      { speaker: "Pilot", text: "Cleared, one-one." },
    ]);
    expect(scriptLines("[Engine whine] <v Pilot>Go.</v> [Wind]")).toEqual([
      { text: "[Engine whine]" },
      { speaker: "Pilot", text: "Go." },
      { text: "[Wind]" },
    ]);
  });

  it("reads a voiced WebVTT file as a script, the described picture first where both start together", () => {
    const transcript = transcriptOf([chapter], track("en", "English", "placed.en.vtt"));
    expect(transcript.lang).toBe("en");
    expect(transcript.lines[0]).toEqual({
      start: 0,
      seen: true,
      text: "Hangar for Vantor Air, directed by Juno Adeyemi.",
    });
    expect(heard(transcript.lines)).toEqual([
      "Pilot: Tower, Calloway one-one, ready.",
      "Tower: Calloway one-one, cleared.",
      "Pilot: Cleared, one-one.",
      "空そら au revoir now & then",
    ]);
  });

  it("says each line of rolling captions once, without their word timings", () => {
    expect(heard(transcriptOf([], track("en", "English", "youtube-auto.en.vtt")).lines)).toEqual([
      "welcome back to the hangar",
      "today we fly north",
      "[Music]",
    ]);
  });

  it("reads SubRip without its position and colour tags", () => {
    expect(heard(transcriptOf([], track("fr", "Français", "subtitle-edit.fr.srt", "srt")).lines)).toEqual([
      "CALLOWAY HANGAR, DAY ONE",
      "Pilot: Clear for take-off? (engine whine)",
      "Fish & chips < later",
      "Bottom right",
    ]);
  });

  it("is in the page's language without captions, the described picture alone", () => {
    expect(transcriptOf([chapter], undefined)).toEqual({
      lang: "en",
      label: "English",
      lines: [{ start: 0, seen: true, text: "Hangar for Vantor Air, directed by Juno Adeyemi." }],
    });
  });
});

describe("the transcript's language", () => {
  const order = (langs: string[], page = "en") =>
    inPageLanguageFirst(
      langs.map((lang) => ({ lang })),
      page,
    ).map(({ lang }) => lang);

  it("is the page's own language first, then a regional variant of it, then the others in file order", () => {
    expect(order(["de", "en-GB", "en", "fr"])).toEqual(["en", "en-GB", "de", "fr"]);
    expect(order(["de", "en-GB"])).toEqual(["en-GB", "de"]);
    expect(order(["de", "fr"])).toEqual(["de", "fr"]);
    expect(order(["pt-BR", "pt", "en"], "pt")).toEqual(["pt", "pt-BR", "en"]);
  });
});

/** The event endpoint's reading of a body: Plausible's shape in, the stored fields out, or a reason. */
import { describe, expect, it } from "vitest";

import { acceptsType, parseEvent } from "#analytics/event.ts";

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const PAGE = "https://agency.example/artists/film/ada-rowe";
const PROGRESS = {
  reel: "reel-2021",
  play: "0f8fad5b-d9cb-469f-a165-70867728950e",
  seconds: 15.2,
  duration: 30,
  twentieths: "11111111110000000000",
  spots: "ada-rowe,ben-okafor",
  ended: false,
};

describe("parseEvent", () => {
  it("reads a pageview in long keys, and the artist from her page's path", () => {
    const parsed = parseEvent(bytes({ name: "pageview", url: PAGE, domain: "agency.example", referrer: null }));
    expect(parsed).toEqual({
      ok: true,
      url: PAGE,
      referrer: null,
      token: null,
      event: {
        name: "pageview",
        path: "/artists/film/ada-rowe",
        referrer: null,
        artist: "ada-rowe",
        reel: null,
        play: null,
        seconds: null,
        duration: null,
        twentieths: null,
        spots: null,
        ended: false,
        shortlist: null,
      },
    });
  });

  it("reads the short keys, props as a JSON string, and keeps only another site's host as referrer", () => {
    const parsed = parseEvent(
      bytes({
        n: "progress",
        u: "https://agency.example/reel-2021?t=3",
        d: "agency.example",
        r: "https://mail.example/inbox?id=7",
        p: JSON.stringify(PROGRESS),
      }),
    );
    expect(parsed.ok && parsed.event).toMatchObject({
      name: "progress",
      path: "/reel-2021",
      referrer: "mail.example",
      artist: null,
      reel: "reel-2021",
      seconds: 15.2,
      duration: 30,
      twentieths: "11111111110000000000",
      spots: "ada-rowe,ben-okafor",
      ended: false,
    });
    const internal = parseEvent(
      bytes({ n: "pageview", u: PAGE, d: "agency.example", r: "https://agency.example/clients" }),
    );
    expect(internal.ok && internal.event.referrer).toBeNull();
  });

  it("reads a shortlist's key and a play", () => {
    const shortlist = parseEvent(
      bytes({
        name: "shortlist",
        url: "https://agency.example/selects?artists=b,a",
        domain: "agency.example",
        props: { key: "a,b" },
      }),
    );
    expect(shortlist.ok && shortlist.event.shortlist).toBe("a,b");
    const play = parseEvent(
      bytes({
        name: "play",
        url: "https://agency.example/reel-2021",
        domain: "agency.example",
        props: { reel: "reel-2021", play: PROGRESS.play },
      }),
    );
    expect(play.ok && [play.event.reel, play.event.play]).toEqual(["reel-2021", PROGRESS.play]);
  });

  const event = {
    name: "progress",
    url: "https://agency.example/reel-2021",
    domain: "agency.example",
    props: PROGRESS,
  };
  it.each([
    ["not JSON", "{name:", /the body is not JSON/],
    ["an array", [event], /JSON object/],
    ["null", "null", /JSON object/],
    ["an unknown name", { ...event, name: "purchase" }, /name must be one of/],
    ["a name of the wrong type", { ...event, name: ["pageview"] }, /name must be one of/],
    ["no url", { ...event, url: undefined }, /url must be a string/],
    ["a javascript: url", { ...event, url: "javascript:alert(1)" }, /http or https/],
    ["a relative url", { ...event, url: "/reel-2021" }, /absolute URL/],
    ["a domain with a slash", { ...event, domain: "a.example/b" }, /host name/],
    ["props as an array", { ...event, props: [1] }, /props must be an object/],
    ["a reel that is not a slug", { ...event, props: { ...PROGRESS, reel: "../etc" } }, /props.reel must be a slug/],
    ["a play id too short", { ...event, props: { ...PROGRESS, play: "x" } }, /props.play/],
    ["seconds as text", { ...event, props: { ...PROGRESS, seconds: "15" } }, /props.seconds/],
    ["negative seconds", { ...event, props: { ...PROGRESS, seconds: -1 } }, /props.seconds/],
    ["seconds past the film", { ...event, props: { ...PROGRESS, seconds: 45 } }, /must not exceed/],
    ["a zero duration", { ...event, props: { ...PROGRESS, duration: 0 } }, /more than 0/],
    ["19 twentieths", { ...event, props: { ...PROGRESS, twentieths: "1".repeat(19) } }, /20 characters/],
    ["unsorted spots", { ...event, props: { ...PROGRESS, spots: "b,a" } }, /sorted, distinct/],
    ["a repeated spot", { ...event, props: { ...PROGRESS, spots: "a,a" } }, /sorted, distinct/],
    ["ended as a string", { ...event, props: { ...PROGRESS, ended: "yes" } }, /props.ended/],
    ["an empty shortlist", { ...event, name: "shortlist", props: { key: "" } }, /props.key/],
  ])("refuses %s", (_what, body, reason) => {
    const parsed = parseEvent(bytes(body));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  it("takes a recipient link's token apart, and leaves it out of the URLs it forwards", () => {
    const token = "Zt6n0kqY2mW8cXb1VhR4sA";
    const url = `https://agency.example/selects?artists=ada-rowe,bo-lind&link=${token}`;
    const parsed = parseEvent(
      bytes({
        name: "shortlist",
        url,
        domain: "agency.example",
        referrer: url,
        props: { key: "ada-rowe,bo-lind", link: token },
      }),
    );
    expect(parsed).toMatchObject({ ok: true, token, url: "https://agency.example/selects?artists=ada-rowe%2Cbo-lind" });
    expect(JSON.stringify(parsed)).toContain(token);
    expect(parsed.ok && [parsed.url, parsed.referrer].join()).not.toContain(token);
    for (const link of ["short", `${token}=`, 42, `${token.slice(0, 21)}/`])
      expect(parseEvent(bytes({ name: "pageview", url: PAGE, domain: "agency.example", props: { link } }))).toEqual({
        ok: false,
        reason: "props.link must be a link's token: 22 letters, digits, hyphens or underscores",
      });
  });

  it("refuses bytes that are not UTF-8, and a body over 8 KiB", () => {
    expect(parseEvent(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({ ok: false, reason: "the body is not UTF-8" });
    const long = parseEvent(bytes({ ...event, url: `https://agency.example/${"a".repeat(9000)}` }));
    expect(!long.ok && long.reason).toMatch(/over 8192 bytes/);
  });
});

describe("acceptsType", () => {
  it("takes JSON as application/json or text/plain (a beacon's string), with any parameters", () => {
    expect(
      ["application/json", "text/plain;charset=UTF-8", "Application/JSON; charset=utf-8"].map(acceptsType),
    ).toEqual([true, true, true]);
    expect(
      [undefined, "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/html"].map(acceptsType),
    ).toEqual([false, false, false, false]);
  });
});

/** The one HTML escaper of the pages the servers write by hand (lib/escape-html.ts). */
import { describe, expect, it } from "vitest";

import { escapeHtml } from "#lib/escape-html.ts";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in an element or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;",
    );
  });

  it("escapes an ampersand once, so an entity already written shows as written", () => {
    expect(escapeHtml("&amp; &#39;")).toBe("&#38;amp; &#38;#39;");
  });

  it("leaves everything else as it is", () => {
    expect(escapeHtml("Ada Rowe — 0:30, “Film”, /selects?q=a b")).toBe("Ada Rowe — 0:30, “Film”, /selects?q=a b");
    expect(escapeHtml("")).toBe("");
  });
});

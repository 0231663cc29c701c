import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, documentCacheControl, matchesIfNoneMatch, strongETag } from "#app/lib/http.server.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

const PAGE = `<!DOCTYPE html><html><head>
<script type="application/ld+json">{"@type":"Organization"}</script>
<noscript><style>#menu{display:block}</style></noscript>
<link rel="modulepreload" href="/build/entry.client.js"/></head><body>
<script>window.__remixContext = {"state":{}};</script>
<script type="module" async="">import "/build/entry.client.js";</script>
<script src="/build/other.js"></script>
<script>window.__remixContext = {"state":{}};</script>
</body></html>`;

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy(PAGE);

  it("allows each inline script by its hash, once, and nothing inline without one", () => {
    expect(directive(policy, "script-src")).toEqual([
      "'self'",
      sha256('window.__remixContext = {"state":{}};'),
      sha256('import "/build/entry.client.js";'),
    ]);
  });

  it("does not hash JSON-LD, which is data and never runs", () => {
    expect(policy).not.toContain(sha256('{"@type":"Organization"}'));
  });

  it("allows the no-JS style by its hash", () => {
    expect(directive(policy, "style-src")).toEqual(["'self'", sha256("#menu{display:block}")]);
  });

  it("keeps everything else to the site itself", () => {
    // Firefox checks <link rel=prefetch> against default-src: 'none' would block Remix's prefetch.
    expect(directive(policy, "default-src")).toEqual(["'self'"]);
    expect(directive(policy, "frame-src")).toEqual(["'none'"]);
    expect(directive(policy, "img-src")).toEqual(["'self'"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("names only directives every engine knows (WebKit reports manifest-src as unknown)", () => {
    const known = [
      "default-src",
      "script-src",
      "style-src",
      "img-src",
      "media-src",
      "font-src",
      "connect-src",
      "worker-src",
      "frame-src",
      "base-uri",
      "form-action",
      "frame-ancestors",
      "object-src",
    ];
    expect(
      policy
        .split("; ")
        .map((part) => part.split(" ")[0])
        .filter((name) => !known.includes(name)),
    ).toEqual([]);
  });

  it("lets the development server's live reload connect over a WebSocket", () => {
    expect(directive(contentSecurityPolicy(PAGE, { development: true }), "connect-src")).toEqual(["'self'", "ws:"]);
  });

  it("lets images, video and the HLS engine's fetches come from MEDIA_ORIGIN, by its origin alone", () => {
    const withMedia = contentSecurityPolicy(PAGE, { mediaOrigin: "https://media.example.com/agency" });
    expect(directive(withMedia, "img-src")).toEqual(["'self'", "https://media.example.com"]);
    expect(directive(withMedia, "media-src")).toEqual(["'self'", "https://media.example.com", "blob:"]);
    expect(directive(withMedia, "connect-src")).toEqual(["'self'", "https://media.example.com"]);
    expect(directive(withMedia, "script-src")).toEqual(directive(policy, "script-src"));
  });
});

describe("ETags", () => {
  const etag = strongETag("<html>page</html>");
  const withIfNoneMatch = (value: string) => new Request("http://localhost/", { headers: { "If-None-Match": value } });

  it("are strong, and the same for the same bytes only", () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(strongETag("<html>page</html>")).toBe(etag);
    expect(strongETag("<html>page!</html>")).not.toBe(etag);
  });

  it("match If-None-Match by weak comparison, in a list or as *", () => {
    expect(matchesIfNoneMatch(withIfNoneMatch(etag), etag)).toBe(true);
    expect(matchesIfNoneMatch(withIfNoneMatch(`"other", W/${etag}`), etag)).toBe(true);
    expect(matchesIfNoneMatch(withIfNoneMatch("*"), etag)).toBe(true);
    expect(matchesIfNoneMatch(withIfNoneMatch('"other"'), etag)).toBe(false);
    expect(matchesIfNoneMatch(new Request("http://localhost/"), etag)).toBe(false);
  });
});

describe("documentCacheControl", () => {
  it("lets shared caches keep pages and not-found pages, never a server error", () => {
    expect(documentCacheControl(200)).toMatch(/\bpublic\b.*\bs-maxage=\d+/);
    expect(documentCacheControl(404)).toMatch(/\bpublic\b/);
    for (const status of [500, 502, 503]) expect(documentCacheControl(status)).toBe("no-store");
  });
});

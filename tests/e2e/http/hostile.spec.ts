import { expect, test } from "#tests/support/fixtures.ts";
import { type RawResponse, rawRequest, sendRaw } from "#tests/support/raw-http.ts";

/**
 * Hostile and malformed requests, sent byte for byte over a raw loopback socket (an HTTP client
 * would normalise or refuse most of them). Whatever arrives, the answer is never a 5xx, a stack
 * trace, a file from outside public/, an injected header or a redirect off the site.
 */

const TRAVERSALS = [
  "/../../../../etc/passwd",
  "/..%2f..%2f..%2f..%2fetc%2fpasswd",
  "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/%252e%252e%252f%252e%252e%252fetc%252fpasswd",
  "/images/..%2f..%2fpackage.json",
  "/images/%2e%2e/%2e%2e/package.json",
  "/images/..%252f..%252fpackage.json",
  "/build/..%2f..%2fserver%2findex.ts",
  "/build/index.js",
  "/images/..%5c..%5cpackage.json",
  "/..\\..\\package.json",
  "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
  "/package.json",
  "/server/index.ts",
  "/.env",
  "/.git/config",
  "/app/content/site.yaml",
  "/images/%2e%2e%2f%2e%2e%2fapp%2fcontent%2fsite.yaml",
];
const NULL_BYTES = ["/images/og/site.jpg%00.html", "/contact%00", "/%00", "/artists/film/%00", "/favicon.svg%00"];
const BAD_ENCODING = ["/%", "/%E0%A4%A", "/%zz", "/artists/film/%ff", "/contact?q=%", "/%uD83D", "/images/%"];
const CRLF = [
  "/contact%0d%0aSet-Cookie:%20injected=1",
  "/%0d%0aLocation:%20https://evil.example",
  "/Contact%0d%0aX-Injected:%201",
  "/artists/film/x%0d%0aX-Injected:%201/extra",
  "/images/x.jpg%0d%0aX-Injected:%201",
];
const OFF_SITE = [
  "//evil.example",
  "//evil.example/",
  "///evil.example/",
  "//Evil.Example/Contact",
  "/%2f%2fevil.example",
  "/%5cevil.example",
  "/\\evil.example",
  "/artists/film//evil.example",
  "/Artists/Film/Mira-Castell//evil.example",
  "/artists/film/mira-castell/%2f%2fevil.example",
  "/https://evil.example",
  "/Contact?next=//evil.example",
];
const OVERLONG = [
  `/${"a".repeat(8_000)}`,
  `/contact?${"q=1&".repeat(2_000)}`,
  `/${"a/".repeat(3_000)}`,
  `/${"x".repeat(20_000)}`,
];
const HOSTILE_TARGETS = [...TRAVERSALS, ...NULL_BYTES, ...BAD_ENCODING, ...CRLF, ...OFF_SITE, ...OVERLONG];

const FORGED_HOSTS: Record<string, string>[] = [
  {},
  { "X-Forwarded-Host": "evil.example" },
  { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
];
const PAGES_THAT_REDIRECT_OR_NAME_THE_SITE = [
  "/",
  "/Contact",
  "/artists/film/mira-castell/extra",
  "/sitemap.xml",
  "/robots.txt",
  "/reel-2021",
  "/nowhere",
];
const METHODS = ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "CONNECT"];

/** What must be true of every answer, whatever was asked. */
function expectHarmless(response: RawResponse, label: string) {
  expect(response.status, label).toBeGreaterThanOrEqual(200);
  expect(response.status, label).toBeLessThan(500);
  // No stack trace, no source, no file from outside public/.
  expect(response.body, label).not.toMatch(/\bat [^\s"]+ \(|\bat \/|node_modules/);
  expect(response.body, label).not.toContain(process.cwd());
  expect(response.body, label).not.toMatch(/root:x:0:0|"name": "agency-portfolio"|createRequestHandler|agentName:/);
  // No header smuggled in through the URL.
  expect(response.headers["set-cookie"], label).toBeUndefined();
  expect(response.headers["x-injected"], label).toBeUndefined();
  // Redirects stay on this site: a path, never another host or a protocol-relative URL.
  for (const location of response.headers.location ?? []) {
    expect(location, label).toMatch(/^\/(?![/\\])/);
  }
}

test.describe("hostile requests", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answers do not depend on the screen");

  test("never produce a 5xx, a stack trace, a file outside public/, an injected header or an off-site redirect", async ({
    baseURL,
  }) => {
    const port = Number(new URL(baseURL!).port);
    const cases: [string, string][] = [];
    for (const target of HOSTILE_TARGETS) {
      for (const method of ["GET", "HEAD"]) {
        for (const headers of FORGED_HOSTS.slice(0, 2)) {
          cases.push([
            `${method} ${target.slice(0, 60)} ${JSON.stringify(headers)}`,
            rawRequest(target, { method, headers }),
          ]);
        }
      }
    }
    for (const target of PAGES_THAT_REDIRECT_OR_NAME_THE_SITE) {
      for (const headers of FORGED_HOSTS) {
        cases.push([`forged host ${target}`, rawRequest(target, { headers: { ...headers, Host: "evil.example" } })]);
      }
    }
    for (const target of ["/contact", "/artists/film/mira-castell", "/images/og/site.jpg", "/nowhere", "/healthz"]) {
      for (const method of METHODS) cases.push([`${method} ${target}`, rawRequest(target, { method })]);
    }
    // Raw control characters and garbage the HTTP parser itself must refuse.
    cases.push(
      ["raw CRLF in the path", "GET /contact\r\nX-Injected: 1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"],
      ["raw NUL in the path", "GET /contact\0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"],
      ["unknown method", rawRequest("/contact", { method: "BREW" })],
      ["not HTTP at all", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n"],
      ["header injection in Host", rawRequest("/Contact", { headers: { Host: "127.0.0.1\r\nX-Injected: 1" } })],
      ["forged host: malformed", rawRequest("/contact", { headers: { Host: "exa mple" } })],
      ["forged host: unclosed IPv6", rawRequest("/Contact", { headers: { Host: "[::1" } })],
      [
        "forged host: malformed X-Forwarded-Host",
        rawRequest("/", { headers: { "X-Forwarded-Host": "a b/evil.example" } }),
      ],
      ["no Host at all", "GET /contact HTTP/1.1\r\nConnection: close\r\n\r\n"],
      ["forged host: absolute-form target", rawRequest("http://evil.example/Contact")],
      ["asterisk-form target", rawRequest("*")],
    );
    expect(cases.length).toBeGreaterThan(200);

    const statuses = new Map<number, number>();
    for (const [label, raw] of cases) {
      const response = await sendRaw(port, raw);
      expectHarmless(response, label);
      // A forged Host never leaks into a link, a redirect or an absolute URL.
      if (label.startsWith("forged host")) {
        expect(JSON.stringify(response.headers) + response.body, label).not.toContain("evil.example");
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    // The answers are the clear ones: redirects, 404s, 400s for malformed URLs, 405s for methods.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 301, 302, 400, 404, 405]));
  });

  test("methods other than GET and HEAD get a 405 that names the allowed ones", async ({ request: http }) => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const response = await http.fetch("/contact", { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers().allow, method).toBe("GET, HEAD");
      expect(await response.text(), method).toContain("read-only");
    }
  });

  test("a malformed URL gets a plain 400 without a stack trace", async ({ baseURL }) => {
    const response = await sendRaw(Number(new URL(baseURL!).port), rawRequest("/%E0%A4%A"));
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]?.[0]).toContain("text/plain");
    expect(response.body).toContain("400 Bad Request");
  });
});

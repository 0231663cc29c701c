/**
 * The editing service's settings (edit/service/settings.ts): each setting read, defaulted and refused in words
 * that name it, and every problem of a configuration reported at once.
 */
import path from "node:path";

import { describe, expect, test } from "vitest";

import { isBranchName, readSettings } from "#edit/service/settings.ts";

const SECRET = "s".repeat(32);

const VALID = {
  EDIT_PUBLIC_URL: "https://edit.agency.example",
  EDIT_OIDC_ISSUER: "https://accounts.google.com",
  EDIT_OIDC_CLIENT_ID: "1234.apps.googleusercontent.com",
  EDIT_OIDC_CLIENT_SECRET: "client-secret",
  EDIT_ALLOWED: "ada@agency.example",
  EDIT_SESSION_SECRET: SECRET,
  EDIT_REPO: "git@github.com:agency/site.git",
  EDIT_DATA: "/var/lib/edit-service",
};

/** An environment as Node's types describe it (NODE_ENV is among the names they require). */
const environment = (values: Record<string, string | undefined>): NodeJS.ProcessEnv => ({
  NODE_ENV: "test",
  ...values,
});

const read = (changes: Record<string, string | undefined>) => readSettings(environment({ ...VALID, ...changes }));

/** The problems a configuration is refused with, one per line. */
function problemsOf(changes: Record<string, string | undefined>): string[] {
  try {
    read(changes);
  } catch (error) {
    return (error as Error).message.split("\n");
  }
  throw new Error("the settings were accepted");
}

describe("the editing service's settings", () => {
  test("a complete configuration, with the defaults for the branch, host and port", () => {
    expect(readSettings(environment(VALID))).toEqual({
      publicUrl: "https://edit.agency.example",
      redirectUri: "https://edit.agency.example/auth/callback",
      issuer: "https://accounts.google.com",
      clientId: "1234.apps.googleusercontent.com",
      clientSecret: "client-secret",
      allowed: ["ada@agency.example"],
      sessionSecret: SECRET,
      repo: "git@github.com:agency/site.git",
      branch: "main",
      data: "/var/lib/edit-service",
      host: "127.0.0.1",
      port: 4000,
    });
  });

  test("every setting missing: one line each, naming it", () => {
    expect(() => readSettings(environment({}))).toThrow(
      [
        "EDIT_PUBLIC_URL must be set: the service's own https:// address, e.g. https://edit.agency.example",
        "EDIT_OIDC_ISSUER must be set: the identity provider's issuer, e.g. https://accounts.google.com",
        "EDIT_OIDC_CLIENT_ID must be set: the client id the identity provider gave this service",
        "EDIT_OIDC_CLIENT_SECRET must be set: the client secret the identity provider gave this service",
        'EDIT_ALLOWED must list at least one email or @domain, comma-separated (e.g. "ada@agency.example,@agency.example"): got nothing',
        "EDIT_SESSION_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`): got 0",
        "EDIT_REPO must be set: the site's git remote, e.g. git@github.com:agency/site.git",
        "EDIT_DATA must be set: the service's working folder, e.g. /var/lib/edit-service",
      ].join("\n"),
    );
  });

  test("several problems are reported together", () => {
    expect(problemsOf({ EDIT_PORT: "0", EDIT_BRANCH: "-main" })).toEqual([
      'EDIT_BRANCH must be a git branch name (git check-ref-format --branch): got "-main"',
      'EDIT_PORT must be a port number from 1 to 65535: got "0"',
    ]);
  });

  describe("EDIT_PUBLIC_URL", () => {
    test("a trailing slash is dropped from the address and the redirect URI", () => {
      const settings = read({ EDIT_PUBLIC_URL: "https://edit.agency.example/" });
      expect(settings.publicUrl).toBe("https://edit.agency.example");
      expect(settings.redirectUri).toBe("https://edit.agency.example/auth/callback");
    });

    test("a port is kept", () => {
      expect(read({ EDIT_PUBLIC_URL: "https://edit.agency.example:8443" }).redirectUri).toBe(
        "https://edit.agency.example:8443/auth/callback",
      );
    });

    test("http:// on a loopback address, for tests", () => {
      for (const address of ["http://127.0.0.1:4000", "http://localhost:4000", "http://[::1]:4000"])
        expect(read({ EDIT_PUBLIC_URL: address }).publicUrl).toBe(address);
    });

    test("http:// anywhere else is refused", () => {
      expect(problemsOf({ EDIT_PUBLIC_URL: "http://edit.agency.example" })).toEqual([
        'EDIT_PUBLIC_URL must be an https:// address (http:// only on 127.0.0.1, ::1 or localhost): got "http://edit.agency.example"',
      ]);
    });

    test("not an address, or another scheme", () => {
      expect(problemsOf({ EDIT_PUBLIC_URL: "edit.agency.example" })).toEqual([
        'EDIT_PUBLIC_URL must be an https:// address (http:// only on 127.0.0.1, ::1 or localhost): got "edit.agency.example"',
      ]);
      expect(problemsOf({ EDIT_PUBLIC_URL: "ftp://edit.agency.example" })).toHaveLength(1);
    });

    test("a path, a query or a fragment is refused", () => {
      expect(problemsOf({ EDIT_PUBLIC_URL: "https://agency.example/edit" })).toEqual([
        'EDIT_PUBLIC_URL must be the service\'s own origin, without a path: got "https://agency.example/edit"',
      ]);
      expect(problemsOf({ EDIT_PUBLIC_URL: "https://edit.agency.example/?a=1" })).toEqual([
        'EDIT_PUBLIC_URL must not carry a user, a query or a fragment: got "https://edit.agency.example/?a=1"',
      ]);
    });
  });

  describe("EDIT_OIDC_ISSUER", () => {
    test("kept as written, a path included (Keycloak's realms, Okta's authorization servers)", () => {
      const keycloak = "https://sso.agency.example/realms/agency";
      expect(read({ EDIT_OIDC_ISSUER: keycloak }).issuer).toBe(keycloak);
    });

    test("http:// only on the loopback", () => {
      expect(read({ EDIT_OIDC_ISSUER: "http://127.0.0.1:9000" }).issuer).toBe("http://127.0.0.1:9000");
      expect(problemsOf({ EDIT_OIDC_ISSUER: "http://sso.agency.example" })).toEqual([
        'EDIT_OIDC_ISSUER must be an https:// address (http:// only on 127.0.0.1, ::1 or localhost): got "http://sso.agency.example"',
      ]);
    });
  });

  describe("EDIT_OIDC_CLIENT_ID and EDIT_OIDC_CLIENT_SECRET", () => {
    test("blank is missing", () => {
      expect(problemsOf({ EDIT_OIDC_CLIENT_ID: " ", EDIT_OIDC_CLIENT_SECRET: "" })).toEqual([
        "EDIT_OIDC_CLIENT_ID must be set: the client id the identity provider gave this service",
        "EDIT_OIDC_CLIENT_SECRET must be set: the client secret the identity provider gave this service",
      ]);
    });
  });

  describe("EDIT_ALLOWED", () => {
    test("emails and @domains, comma-separated, spaces and case ignored", () => {
      expect(read({ EDIT_ALLOWED: " Ada@Agency.example, @Agency.Example ,,ben@studio.example" }).allowed).toEqual([
        "ada@agency.example",
        "@agency.example",
        "ben@studio.example",
      ]);
    });

    test("an entry that is neither is named", () => {
      expect(problemsOf({ EDIT_ALLOWED: "ada@agency.example, ben, agency.example, @agency" })).toEqual([
        'EDIT_ALLOWED must list emails and @domains, comma-separated: "ben" is neither',
        'EDIT_ALLOWED must list emails and @domains, comma-separated: "agency.example" is neither',
        'EDIT_ALLOWED must list emails and @domains, comma-separated: "@agency" is neither',
      ]);
    });

    test("at least one", () => {
      expect(problemsOf({ EDIT_ALLOWED: " , " })).toEqual([
        'EDIT_ALLOWED must list at least one email or @domain, comma-separated (e.g. "ada@agency.example,@agency.example"): got nothing',
      ]);
    });
  });

  describe("EDIT_SESSION_SECRET", () => {
    test("at least 32 characters, and never echoed", () => {
      expect(read({ EDIT_SESSION_SECRET: "x".repeat(32) }).sessionSecret).toBe("x".repeat(32));
      const problems = problemsOf({ EDIT_SESSION_SECRET: "too-short-secret" });
      expect(problems).toEqual([
        "EDIT_SESSION_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`): got 16",
      ]);
      expect(problems.join("\n")).not.toContain("too-short-secret");
    });
  });

  describe("EDIT_REPO", () => {
    test("any git remote", () => {
      for (const remote of ["https://github.com/agency/site.git", "/srv/git/site.git", "file:///srv/git/site.git"])
        expect(read({ EDIT_REPO: remote }).repo).toBe(remote);
    });

    test("blank is missing", () => {
      expect(problemsOf({ EDIT_REPO: "  " })).toEqual([
        "EDIT_REPO must be set: the site's git remote, e.g. git@github.com:agency/site.git",
      ]);
    });
  });

  describe("EDIT_BRANCH", () => {
    test("main by default, any valid name otherwise", () => {
      expect(read({ EDIT_BRANCH: "" }).branch).toBe("main");
      expect(read({ EDIT_BRANCH: "content/live" }).branch).toBe("content/live");
    });

    test("git's rules for a branch name", () => {
      for (const name of ["main", "content/live", "release-2.1", "a.b", "feature@x", "ünïcode"])
        expect(isBranchName(name), name).toBe(true);
      for (const name of [
        "-main",
        "HEAD",
        "@",
        "/main",
        "main/",
        "main.",
        "a..b",
        "a//b",
        ".hidden",
        "a/.hidden",
        "main.lock",
        "a/b.lock/c",
        "a@{1}",
        "with space",
        "a~1",
        "a^",
        "a:b",
        "a?",
        "a*",
        "a[b",
        "a\\b",
        "tab\there",
        "del\x7f",
      ])
        expect(isBranchName(name), JSON.stringify(name)).toBe(false);
    });

    test("refused in words", () => {
      expect(problemsOf({ EDIT_BRANCH: "a..b" })).toEqual([
        'EDIT_BRANCH must be a git branch name (git check-ref-format --branch): got "a..b"',
      ]);
    });
  });

  describe("EDIT_DATA", () => {
    test("made absolute", () => {
      expect(read({ EDIT_DATA: "service-data" }).data).toBe(path.resolve("service-data"));
    });

    test("blank is missing", () => {
      expect(problemsOf({ EDIT_DATA: "" })).toEqual([
        "EDIT_DATA must be set: the service's working folder, e.g. /var/lib/edit-service",
      ]);
    });
  });

  describe("EDIT_HOST and EDIT_PORT", () => {
    test("read when set", () => {
      expect(read({ EDIT_HOST: "0.0.0.0", EDIT_PORT: "8080" })).toMatchObject({ host: "0.0.0.0", port: 8080 });
      expect(read({ EDIT_HOST: "::" }).host).toBe("::");
      expect(read({ EDIT_HOST: "edit-service" }).host).toBe("edit-service");
      expect(read({ EDIT_PORT: "65535" }).port).toBe(65535);
    });

    test("a host that is neither an address nor a name", () => {
      expect(problemsOf({ EDIT_HOST: "http://0.0.0.0" })).toEqual([
        'EDIT_HOST must be an IP address or a host name to listen on: got "http://0.0.0.0"',
      ]);
    });

    test("a port out of range or not a number", () => {
      for (const port of ["0", "65536", "80a", "-1", "4000.5"])
        expect(problemsOf({ EDIT_PORT: port })).toEqual([
          `EDIT_PORT must be a port number from 1 to 65535: got ${JSON.stringify(port)}`,
        ]);
    });
  });

  describe("EDIT_SITE_URL", () => {
    test("unset: saves are not followed; set: the public site's origin", () => {
      expect(read({}).siteUrl).toBeUndefined();
      expect(read({ EDIT_SITE_URL: "https://www.calloway.example/" }).siteUrl).toBe("https://www.calloway.example");
    });

    test("a path or http:// off the loopback is refused with the other problems", () => {
      expect(problemsOf({ EDIT_SITE_URL: "http://www.calloway.example/site", EDIT_PORT: "0" })).toEqual([
        'EDIT_PORT must be a port number from 1 to 65535: got "0"',
        `EDIT_SITE_URL must be the public site's origin, https:// (http:// only on 127.0.0.1, ::1 or localhost), without a path: got "http://www.calloway.example/site"`,
      ]);
    });
  });

  describe("EDIT_SITE_TOKEN", () => {
    const SITE = "https://www.calloway.example";
    const TOKEN = "the-public-site's-status-token-0123456789";
    const expected =
      "EDIT_SITE_TOKEN must be at least 32 characters: letters, digits or punctuation, no spaces (e.g. `openssl rand -hex 32`)";

    test("unset: the site's refusals are not asked for; set: taken as it is, beside EDIT_SITE_URL", () => {
      expect(read({ EDIT_SITE_URL: SITE }).siteToken).toBeUndefined();
      expect(read({ EDIT_SITE_URL: SITE, EDIT_SITE_TOKEN: "" }).siteToken).toBeUndefined();
      expect(read({ EDIT_SITE_URL: SITE, EDIT_SITE_TOKEN: TOKEN })).toMatchObject({ siteUrl: SITE, siteToken: TOKEN });
    });

    test("too short, spaced or without EDIT_SITE_URL: refused with the other problems, the token never echoed", () => {
      expect(problemsOf({ EDIT_SITE_URL: SITE, EDIT_SITE_TOKEN: "x".repeat(31), EDIT_PORT: "0" })).toEqual([
        'EDIT_PORT must be a port number from 1 to 65535: got "0"',
        `${expected}: got 31; it is the public site's SITE_STATUS_TOKEN`,
      ]);
      expect(problemsOf({ EDIT_SITE_URL: SITE, EDIT_SITE_TOKEN: ` ${TOKEN}` })).toEqual([
        `${expected}: got one with a space or a character a header cannot carry; it is the public site's SITE_STATUS_TOKEN`,
      ]);
      expect(problemsOf({ EDIT_SITE_TOKEN: TOKEN })).toEqual([
        "EDIT_SITE_TOKEN is set but EDIT_SITE_URL is not: set both, or neither",
      ]);
    });
  });
});

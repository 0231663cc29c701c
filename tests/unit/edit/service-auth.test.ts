/**
 * The editing service's sign-in (edit/service/auth.ts, its routes edit/app/routes/auth.*) against a real OpenID
 * provider, served as the service serves it (tests/support/sign-in-service.ts): the code flow driven by hand — each
 * redirect followed and each cookie kept as a browser would — its refusals, its pages, sign-out, and where a sign-in
 * may return. How a session is refused after, and kept across a restart: service-sessions.test.ts.
 */
import { createHash } from "node:crypto";

import { describe, expect, test, vi } from "vitest";

import { ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE, SIGN_IN_COOKIE, safeReturnPath } from "#edit/service/auth.ts";
import { TEST_USERS } from "#tests/support/oidc-provider.ts";
import { Browser, flowOf, serveSignIn, sessionCookieLines } from "#tests/support/sign-in-service.ts";

const running = serveSignIn();
const { toCallback, signIn, whoAmI, signedInAs } = flowOf(running);

describe("signing in to the editing service", () => {
  test("without a session, a page is sent to sign in and an API is answered 401", async () => {
    const browser = new Browser();
    const page = await browser.request(`${running.service.origin}/keystatic/collection/directors?view=list`);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(
      `${running.service.origin}/auth/sign-in?return=${encodeURIComponent("/keystatic/collection/directors?view=list")}`,
    );
    const api = await browser.request(`${running.service.origin}/api/keystatic/tree`);
    expect(api.status).toBe(401);
    expect(await api.text()).toBe("Not signed in, or the session has ended: sign in again.");
    // A redirect would lose a form's body: a page's POST is refused like an API call.
    expect((await browser.request(`${running.service.origin}/keystatic`, { method: "POST" })).status).toBe(401);
  });

  test("the code flow: PKCE, state and nonce out; a signed, __Host- session cookie back; the page asked for", async () => {
    const browser = new Browser();
    const { authorization, callback } = await toCallback(
      browser,
      TEST_USERS.ada,
      "/keystatic/collection/directors?view=list",
    );
    expect(authorization.origin).toBe(running.provider.issuer);
    const asked = authorization.searchParams;
    expect(asked.get("response_type")).toBe("code");
    expect(asked.get("redirect_uri")).toBe(`${running.service.origin}/auth/callback`);
    expect(asked.get("scope")).toBe("openid email profile");
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(asked.get("state")).toMatch(/^[\w-]{43}$/);
    expect(asked.get("nonce")).toMatch(/^[\w-]{43}$/);
    expect(callback.searchParams.get("state")).toBe(asked.get("state"));

    const requests = vi.spyOn(globalThis, "fetch");
    const signedIn = await browser.request(callback);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${running.service.origin}/keystatic/collection/directors?view=list`);
    // oidc-provider sends email and name in userinfo only: the service asked for them there.
    expect(requests.mock.calls.map(([target]) => String(target))).toContain(`${running.provider.issuer}/me`);
    const lines = signedIn.headers.getSetCookie();
    expect(lines).toContain(`${SIGN_IN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`);
    const session = sessionCookieLines(signedIn);
    expect(session).toHaveLength(1);
    // The id (32 random bytes) and its HMAC-SHA256, both base64url; no Domain, as a __Host- cookie must have none.
    expect(session[0]).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=[\\w-]{43}\\.[\\w-]{43}; Max-Age=${ABSOLUTE_TIMEOUT_MS / 1000}; Path=/; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );

    const page = await whoAmI(browser);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ email: "ada@agency.example", name: "Ada Producer" });
  });

  test("a person signed in at the provider but not on EDIT_ALLOWED gets 403, a short page, and no session", async () => {
    const browser = new Browser();
    const refused = await signIn(browser, TEST_USERS.outsider);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("<p>outsider@elsewhere.example may not edit here.");
    expect(sessionCookieLines(refused)).toEqual([]);
    expect(browser.cookies.has(SIGN_IN_COOKIE)).toBe(false);
    expect((await whoAmI(browser)).status).toBe(302);
  });

  test("an email the provider has not verified is refused, even on an allowed domain", async () => {
    const browser = new Browser();
    const refused = await signIn(browser, TEST_USERS.unverified);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("has not verified una@agency.example");
    expect(sessionCookieLines(refused)).toEqual([]);
    expect((await whoAmI(browser)).status).toBe(302);
  });

  test("each sign-in is a new session, and the browser's old one ends", async () => {
    const { browser, cookie: first } = await signedInAs(TEST_USERS.ben);
    // Still signed in at the provider: no login form this time.
    expect((await signIn(browser, TEST_USERS.ben)).status).toBe(302);
    const second = browser.cookies.get(SESSION_COOKIE);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await whoAmI(browser, second)).status).toBe(200);
    expect((await whoAmI(browser, first)).status).toBe(302);
  });

  test("sign-out ends the session: the old cookie no longer opens anything", async () => {
    const { browser, cookie } = await signedInAs(TEST_USERS.ada);
    const signOut = await browser.request(`${running.service.origin}/auth/sign-out`, {
      method: "POST",
      headers: { origin: running.service.origin },
    });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get("location")).toBe(`${running.service.origin}/auth/signed-out`);
    expect(sessionCookieLines(signOut)).toEqual([
      `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`,
    ]);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await whoAmI(browser, cookie)).status).toBe(302);

    const signedOut = await browser.request(`${running.service.origin}/auth/signed-out`);
    expect(signedOut.status).toBe(200);
    expect(await signedOut.text()).toContain("You are signed out");
  });

  test("sign-out only by a POST from the service's own page", async () => {
    const { browser, cookie } = await signedInAs(TEST_USERS.ada);
    const fromElsewhere = await browser.request(`${running.service.origin}/auth/sign-out`, {
      method: "POST",
      headers: { origin: "https://elsewhere.example" },
    });
    expect(fromElsewhere.status).toBe(403);
    expect((await browser.request(`${running.service.origin}/auth/sign-out`, { method: "POST" })).status).toBe(403);
    const byLink = await browser.request(`${running.service.origin}/auth/sign-out`);
    expect(byLink.status).toBe(405);
    expect(byLink.headers.get("allow")).toBe("POST");
    expect((await whoAmI(browser, cookie)).status).toBe(200);
  });

  test("the sign-in's pages: never cached, nothing to run but their own style, nothing to frame", async () => {
    const browser = new Browser();
    const { callback } = await toCallback(new Browser(), TEST_USERS.ada);
    for (const [answer, status] of [
      [await browser.request(`${running.service.origin}/auth/signed-out`), 200],
      [await browser.request(callback), 400],
    ] as const) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const policy = answer.headers.get("content-security-policy") ?? "";
      expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/]+=*'; frame-ancestors 'none'$/);
      const page = await answer.text();
      expect(page).not.toMatch(/<script/i);
      // The one style the policy admits is the page's own, by its hash.
      const style = /<style>([^<]*)<\/style>/.exec(page)?.[1] ?? "";
      expect(policy).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
    }
  });

  test("each of the sign-in's routes answers its own method, any other 405 with Allow", async () => {
    const browser = new Browser();
    for (const [method, route, allow] of [
      ["POST", "/auth/sign-in", "GET"],
      ["HEAD", "/auth/callback", "GET"],
      ["POST", "/auth/callback", "GET"],
      ["PUT", "/auth/sign-out", "POST"],
      ["POST", "/auth/signed-out", "GET, HEAD"],
    ]) {
      const answer = await browser.request(`${running.service.origin}${route}`, { method });
      expect(answer.status, `${method} ${route}`).toBe(405);
      expect(answer.headers.get("allow"), `${method} ${route}`).toBe(allow);
    }
    expect(browser.cookies.size).toBe(0);
  });

  test("the app's pages that need an editor send a request without one to sign in; its APIs refuse it", async () => {
    const browser = new Browser();
    for (const page of ["/edit/views?from=2025-01-01&to=2025-01-07", "/edit/saves"]) {
      const answer = await browser.request(`${running.service.origin}${page}`);
      expect(answer.status, page).toBe(302);
      expect(answer.headers.get("location"), page).toBe(`/auth/sign-in?return=${encodeURIComponent(page)}`);
    }
    for (const api of ["/edit/api/saves", "/edit/api/status?entry=contact", "/edit/api/views"])
      expect((await browser.request(`${running.service.origin}${api}`)).status, api).toBe(401);
  });

  describe("a sign-in returns only to a path on the service", () => {
    test("another origin, given as the return path, is not followed", async () => {
      const browser = new Browser();
      const signedIn = await signIn(browser, TEST_USERS.ada, "https://elsewhere.example/keystatic");
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe(`${running.service.origin}/`);
    });

    test("whatever a browser might read as another host becomes /", () => {
      const origin = "https://edit.agency.example";
      for (const attempt of [
        null,
        "",
        "keystatic",
        "https://elsewhere.example/",
        "//elsewhere.example/keystatic",
        "/\\elsewhere.example",
        "/\\/elsewhere.example",
        "/keystatic\\..\\..",
        "/\telsewhere",
        "/auth/sign-in?return=/x",
        "/auth/sign-out",
      ])
        expect(safeReturnPath(attempt, origin), JSON.stringify(attempt)).toBe("/");
      expect(safeReturnPath("/keystatic/collection/directors?view=list#top", origin)).toBe(
        "/keystatic/collection/directors?view=list#top",
      );
      expect(safeReturnPath("/keystatic/../preview", origin)).toBe("/preview");
    });
  });
});

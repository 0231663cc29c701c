/**
 * The editing service for a team (issue 50) as its editors meet it in Chromium, with one provider, one remote,
 * one bucket and one service shared by every test (service-instance.ts): sign-in and every route refused without
 * it; two editors saving at once, the same entry, and a developer pushing meanwhile, read back from the remote's
 * own history; a large film uploaded through the screen with the service's memory watched, its media in the bucket
 * before the push, and a fresh clone's build playing it; and what another origin or another Host name gets.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import type { Browser, BrowserContext, Page } from "@playwright/test";

import { artistUrl } from "#model/artist-lists.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { SESSION_COOKIE } from "#edit/service/auth.ts";
import { expectNoViolations } from "#tests/support/axe.ts";
import { coveredControls } from "#tests/support/covered.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { LOGIN_FORM, TEST_USERS, type TestUser } from "#tests/support/oidc-provider.ts";
import { rawRequest, sendRaw } from "#tests/support/raw-http.ts";
import { BRANCH, DEVELOPER, runAsync, type ServiceInstance, startServiceInstance } from "./service-instance.ts";

const DIRECTORS = "app/content/artists/directors";
const entryFile = (id: string) => `${DIRECTORS}/${id}.md`;
const MiB = 1024 * 1024;
/** The screen's slices (edit/fields/upload-file.ts): a dropped connection costs at most this much again. */
const SLICE_BYTES = 32 * MiB;
/** The large film: at least this, so that a service holding it whole in memory could not pass the bound below. */
const LARGE_FILM_BYTES = 200 * MiB;

/**
 * Memory the service may gain while a film streams in. A streamed upload holds a few 64 KiB chunks at a time;
 * one slice held whole is 32 MiB, and 64 with the copy that joining its chunks makes; the film held whole,
 * 200 MiB or more. 96 MiB leaves the garbage collector its slack above a streamed upload and fails both others.
 */
const UPLOAD_MEMORY_BOUND_MIB = 96;
/**
 * Memory the service's own process may gain while it saves the film: the media build's code, the bucket's client
 * and the pictures it makes are loaded then (the film's decoding is ffmpeg's, a child's); the film itself, read
 * whole, would be more than this on its own.
 */
const SAVE_MEMORY_BOUND_MIB = 192;

/** 1080p, 7 s (a director's clip reads seconds 1–6) of noise at MPEG-4's finest quantiser: about 240 MB, made in ~10 s. */
function makeLargeFilm(file: string): Promise<string> {
  const input = "testsrc2=s=1920x1080:r=25:d=7,noise=alls=30:allf=t+u:all_seed=7";
  return runAsync(
    path.dirname(file),
    "ffmpeg",
    ["-v", "error", "-y", "-f", "lavfi", "-i", input, "-c:v", "mpeg4", "-q:v", "1", "-pix_fmt", "yuv420p", file],
    { timeoutMs: 90_000 },
  );
}

interface RemoteCommit {
  commit: string;
  parent: string;
  author: string;
  committer: string;
  subject: string;
  files: string[];
}

const UNIT = "\x1f";

/** The remote branch's commits since the seed, oldest first, each with the files it touched. */
function commitsOnRemote(service: ServiceInstance): RemoteCommit[] {
  const log = service.git(
    "log",
    "--reverse",
    "--first-parent",
    `--format=%H${UNIT}%P${UNIT}%an <%ae>${UNIT}%cn <%ce>${UNIT}%s`,
    `${service.seed}..${BRANCH}`,
  );
  return log
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [commit, parent, author, committer, subject] = line.split(UNIT);
      const files = service.git("diff-tree", "--no-commit-id", "--name-only", "-r", commit).split("\n").filter(Boolean);
      return { commit, parent, author, committer, subject, files: files.sort() };
    });
}

const who = ({ name, email }: { name: string; email: string }) => `${name} <${email}>`;

/** A request from outside any browser, its redirect not followed, bounded: a service that never answers fails at once. */
const ask = (url: string, init: RequestInit = {}) =>
  fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000), ...init });

/** Clicks Keystatic's Save (or Create) and waits for the save's answer. */
async function save(page: Page, button: "Save" | "Create" = "Save") {
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/keystatic/update"), {
    timeout: 60_000,
  });
  await page.getByRole("button", { name: button, exact: true }).click();
  return answer;
}

/** An entry opened in the screen: its form filled from the file, so the screen has been given it. */
async function openEntry(page: Page, origin: string, id: string) {
  await page.goto(`${origin}/keystatic/collection/directors/item/${id}`);
  await expect(page.getByRole("textbox", { name: "Website" })).not.toHaveValue("", { timeout: 30_000 });
}

test.describe("the editing service for a team", () => {
  test.skip(({ isMobile }) => isMobile, "the editing screen is used on a desktop");
  test.skip(({ browserName }) => browserName !== "chromium", "one engine is enough for the service's answers");
  // One instance, one provider, one remote and one bucket for the tests below, in order.
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let service: ServiceInstance;
  let film: Promise<string>;
  let filmFile: string;
  /** Each editor's browser, signed in once and kept for the tests after. */
  const editors = new Map<string, BrowserContext>();

  /** The provider's login form, reached from `path` on the service: `user` signs in; the callback's answer. */
  async function signIn(page: Page, user: TestUser, path = "/keystatic") {
    await page.goto(`${service.origin}${path}`);
    await expect(page).toHaveURL(new RegExp(`^${service.provider.issuer}/`));
    await page.locator(LOGIN_FORM.selectors.login).fill(user.email);
    await page.locator(LOGIN_FORM.selectors.password).fill("any password: the test provider takes any");
    const callback = page.waitForResponse((response) => response.url().startsWith(`${service.origin}/auth/callback`));
    await page.locator(LOGIN_FORM.selectors.submit).click();
    return callback;
  }

  /** `name`'s browser context, signed in (once). */
  async function editor(browser: Browser, name: "ada" | "ben"): Promise<BrowserContext> {
    const known = editors.get(name);
    if (known) return known;
    const context = await browser.newContext();
    const page = await context.newPage();
    expect((await signIn(page, TEST_USERS[name])).status()).toBe(302);
    await expect(page).toHaveURL(`${service.origin}/keystatic`);
    await page.close();
    editors.set(name, context);
    return context;
  }

  async function sessionCookie(context: BrowserContext) {
    return (await context.cookies(service.origin)).find(({ name }) => name === SESSION_COOKIE)?.value;
  }

  /** The remote's branch once it has `count` commits since the seed (saves land after the screen's answer). */
  async function remoteHas(count: number, timeout = 30_000) {
    await expect
      .poll(() => Number(service.git("rev-list", "--count", `${service.seed}..${BRANCH}`)), { timeout })
      .toBe(count);
    return commitsOnRemote(service);
  }

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    service = await startServiceInstance();
    filmFile = path.join(service.scratch, "large-film.mp4");
    // Made while the tests before the upload run; awaited there (and never left unhandled if it fails first).
    film = makeLargeFilm(filmFile);
    film.catch(() => undefined);
  });

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus && service)
      await testInfo.attach("service.log", { body: service.log(), contentType: "text/plain" });
  });

  test.afterAll(async () => {
    for (const context of editors.values()) await context.close();
    await service?.stop();
  });

  test("sign-in: no session → the provider → the screen; not admitted → 403; sign-out ends it; every route asks for it", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { origin } = service;
    const signInPage = new RegExp(`^${origin}/auth/sign-in\\?return=`);

    // Every route the service lists, asked without a session: a page is sent to sign in, an API says 401.
    // A change carries the service's own Origin (and Keystatic's header), so only the missing session is wrong.
    const paths = service.routes.map(({ path: routePath }) => routePath);
    for (const expected of [
      /^\/keystatic$/,
      /^\/keystatic\/./,
      /^\/edit\/screen\.[0-9a-f]+\.js$/,
      /^\/api\/keystatic\/tree$/,
      /^\/api\/keystatic\/blob\/.+\/.+/,
      /^\/api\/keystatic\/update$/,
      /^\/edit\/api\/status\?entry=/,
      /^\/edit\/api\/uploads\/./,
      /^\/edit\/api\/saves$/,
      /^\/edit\/saves$/,
      /^\/edit\/views\?/,
      /^\/edit\/views\.[0-9a-f]+\.js$/,
      /^\/edit\/api\/views\?/,
      /^\/edit\/api\/views\.csv\?/,
      /^\/edit\/links$/,
      /^\/edit\/api\/links/,
      /^\/artists\/directors$/,
    ])
      expect(paths, `SERVICE_ROUTES has a route like ${expected}`).toContainEqual(expect.stringMatching(expected));
    for (const route of service.routes) {
      const changes = route.method !== "GET" && route.method !== "HEAD";
      const answer = await ask(`${origin}${route.path}`, {
        method: route.method,
        headers: changes ? { origin, "no-cors": "1", "content-type": "application/json" } : {},
        body: changes ? "{}" : undefined,
      });
      const label = `${route.method} ${route.path} (${route.kind})`;
      if (route.kind === "api") expect(answer.status, label).toBe(401);
      else {
        expect(answer.status, label).toBe(302);
        const location = new URL(answer.headers.get("location") ?? "", origin);
        expect(location.href, label).toMatch(signInPage);
        expect(location.searchParams.get("return"), label).toBe(route.path);
      }
    }

    // Ada signs in from the screen's address and lands on the screen, her name in its corner.
    expect((await signIn(page, TEST_USERS.ada)).status()).toBe(302);
    await expect(page).toHaveURL(`${origin}/keystatic`);
    await expect(page.getByRole("link", { name: "Directors" }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(TEST_USERS.ada.name)).toBeVisible();
    // The preview is the site, at the service's own origin, behind the same sign-in.
    await expect(async () => {
      const preview = await page.goto(`${origin}/artists/directors`);
      expect(preview?.status()).toBe(200);
      await expect(page.locator(".tile-name").first()).toBeVisible({ timeout: 2_000 });
      // The preview is built (npm run build) when the service starts: a minute on a loaded machine.
    }).toPass({ timeout: 180_000 });

    // Sign-out, from the screen: her old cookie opens nothing after it.
    const old = await sessionCookie(page.context());
    expect(old).toBeTruthy();
    // Her name and the service's links, in a corner on a desktop and below the screen on a phone: over no field either way.
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${origin}/keystatic`);
      await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Editing" }).getByText(TEST_USERS.ada.name)).toBeVisible();
      expect(await coveredControls(page), `${width}`).toEqual([]);
    }
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${origin}/auth/signed-out`);
    await expectNoViolations(page);
    expect(await sessionCookie(page.context())).toBeUndefined();
    const withOld = await ask(`${origin}/keystatic`, {
      headers: { cookie: `${SESSION_COOKIE}=${old}` },
    });
    expect(withOld.status).toBe(302);
    expect(withOld.headers.get("location")).toMatch(signInPage);
    const apiWithOld = await ask(`${origin}/api/keystatic/tree`, {
      headers: { cookie: `${SESSION_COOKIE}=${old}`, "no-cors": "1" },
    });
    expect(apiWithOld.status).toBe(401);

    // A forged cookie, shaped as a signed one.
    const forged = `${randomBytes(32).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
    const withForged = await ask(`${origin}/keystatic`, {
      headers: { cookie: `${SESSION_COOKIE}=${forged}` },
    });
    expect(withForged.status).toBe(302);
    expect(withForged.headers.get("location")).toMatch(signInPage);

    // Someone outside EDIT_ALLOWED, and someone whose provider has not verified her address: 403, and no session.
    for (const user of [TEST_USERS.outsider, TEST_USERS.unverified]) {
      const context = await browser.newContext();
      try {
        const stranger = await context.newPage();
        expect((await signIn(stranger, user)).status(), user.email).toBe(403);
        await expect(stranger.getByRole("heading", { name: "Not allowed" })).toBeVisible();
        await expectNoViolations(stranger);
        expect(await sessionCookie(context), user.email).toBeUndefined();
        const api = await context.request.get(`${origin}/api/keystatic/tree`, { headers: { "no-cors": "1" } });
        expect(api.status(), user.email).toBe(401);
      } finally {
        await context.close();
      }
    }
  });

  test("two editors: different entries at once, the same entry, a developer's push meanwhile: nothing lost", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { origin } = service;
    const ada = await (await editor(browser, "ada")).newPage();
    const ben = await (await editor(browser, "ben")).newPage();
    const adaName = who(TEST_USERS.ada);
    const benName = who(TEST_USERS.ben);
    const website = (page: Page) => page.getByRole("textbox", { name: "Website" });

    // Different entries, saved at the same moment: two commits, each by its author, both pushed.
    await Promise.all([openEntry(ada, origin, "callum-ashby"), openEntry(ben, origin, "theo-marchand")]);
    await website(ada).fill("callum-ashby.studio.example");
    await website(ben).fill("theo-marchand.films.example");
    const answers = await Promise.all([save(ada), save(ben)]);
    expect(answers.map((answer) => answer.status())).toEqual([200, 200]);
    const atOnce = await remoteHas(2);
    expect(
      atOnce
        .map(({ author, subject, files }) => ({ author, subject, files }))
        .sort((a, b) => a.subject.localeCompare(b.subject)),
    ).toEqual([
      { author: adaName, subject: "directors/callum-ashby: update", files: [entryFile("callum-ashby")] },
      { author: benName, subject: "directors/theo-marchand: update", files: [entryFile("theo-marchand")] },
    ]);
    const [committer] = atOnce.map(({ committer: by }) => by);
    for (const { committer: by } of atOnce) expect(by).toBe(committer);
    expect([adaName, benName, who(DEVELOPER)]).not.toContain(committer);

    // The same entry, open in both screens: Ada saves first; Ben is told who changed it and when, and his
    // version waits on a branch of its own.
    await Promise.all([openEntry(ada, origin, "mira-castell"), openEntry(ben, origin, "mira-castell")]);
    await website(ada).fill("mira-castell.studio.example");
    expect((await save(ada)).status()).toBe(200);
    await remoteHas(3);
    await website(ben).fill("mira-castell.films.example");
    const refused = await save(ben);
    expect(refused.status()).toBe(409);
    const told = await refused.text();
    expect(told).toMatch(new RegExp(`changed[^.]*\\bby ${TEST_USERS.ada.name}\\b`));
    expect(told).toMatch(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d/);
    const benBranches = () =>
      service.git("for-each-ref", "--format=%(refname:strip=2)", "refs/heads/edits/ben/").split("\n").filter(Boolean);
    expect(benBranches()).toHaveLength(1);
    const [kept] = benBranches();
    expect(kept).toMatch(/^edits\/ben\/\S+$/);
    expect(service.git("show", `${kept}:${entryFile("mira-castell")}`)).toContain(
      "website: mira-castell.films.example",
    );
    expect(service.git("log", "-1", "--format=%an <%ae>", kept)).toBe(benName);
    // On the commit his screen showed him, so that the branch's one change is his.
    expect(service.git("rev-parse", `${kept}^`)).toBe(atOnce.at(-1)!.commit);
    expect(service.git("diff", "--name-only", `${kept}^`, kept)).toBe(entryFile("mira-castell"));
    // His screen says so, naming his branch (the screen's status of the service's last save may name Ada too).
    const refusal = ben.getByText(kept);
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`by ${TEST_USERS.ada.name}`);
    const onMain = service.git("show", `${BRANCH}:${entryFile("mira-castell")}`);
    expect(onMain).toContain("website: mira-castell.studio.example");
    expect(onMain).not.toContain("mira-castell.films.example");

    // A developer pushes while both screens are open: a change to the entry Ben has open, and one to another
    // file. Ada's save of her entry lands on top of it; Ben's of his is refused, naming the developer.
    await Promise.all([openEntry(ada, origin, "juno-adeyemi"), openEntry(ben, origin, "elias-fenwick")]);
    const developers = service.developerPushes(
      {
        "app/content/contact.yaml": (text) => text.replace("+1 (212) 555-0147", "+1 (212) 555-0199"),
        [entryFile("elias-fenwick")]: (text) =>
          text.replace("website: elias-fenwick.example", "website: elias-fenwick.dev.example"),
      },
      "Contact: the new phone line; Elias Fenwick's new site",
    );
    await website(ada).fill("juno-adeyemi.studio.example");
    expect((await save(ada)).status()).toBe(200);
    const afterPush = await remoteHas(5);
    expect(afterPush[3].commit).toBe(developers);
    expect(afterPush[4]).toMatchObject({
      parent: developers,
      author: adaName,
      committer,
      subject: "directors/juno-adeyemi: update",
      files: [entryFile("juno-adeyemi")],
    });
    expect(service.git("show", `${BRANCH}:app/content/contact.yaml`)).toContain("+1 (212) 555-0199");
    expect(service.git("show", `${BRANCH}:${entryFile("elias-fenwick")}`)).toContain(
      "website: elias-fenwick.dev.example",
    );
    expect(service.git("show", `${BRANCH}:${entryFile("juno-adeyemi")}`)).toContain(
      "website: juno-adeyemi.studio.example",
    );

    await website(ben).fill("elias-fenwick.films.example");
    const stale = await save(ben);
    expect(stale.status()).toBe(409);
    expect(await stale.text()).toMatch(new RegExp(`changed[^.]*\\bby ${DEVELOPER.name}\\b`));
    expect(benBranches()).toHaveLength(2);
    const keptElias = benBranches().find((branch) => branch !== kept)!;
    await expect(ben.getByText(keptElias)).toContainText(`by ${DEVELOPER.name}`);
    expect(service.git("show", `${keptElias}:${entryFile("elias-fenwick")}`)).toContain(
      "website: elias-fenwick.films.example",
    );
    expect(service.git("show", `${BRANCH}:${entryFile("elias-fenwick")}`)).toContain(
      "website: elias-fenwick.dev.example",
    );

    // The remote's history is exactly the saves, author by author, and the developer's commit between them; read
    // a moment after the last refusal, so that anything it pushed after its answer would be there.
    await sleep(1_000);
    const history = commitsOnRemote(service);
    expect(history.map(({ author, subject }) => `${author}: ${subject}`)).toEqual([
      ...atOnce.map(({ author, subject }) => `${author}: ${subject}`),
      `${adaName}: directors/mira-castell: update`,
      `${who(DEVELOPER)}: Contact: the new phone line; Elias Fenwick's new site`,
      `${adaName}: directors/juno-adeyemi: update`,
    ]);
    expect(service.git("for-each-ref", "--format=%(refname:strip=2)", "refs/heads/").split("\n").sort()).toEqual(
      [BRANCH, ...benBranches()].sort(),
    );

    // The screen's list of saves: git's own history, pushed and kept aside; the developer's commit is no save.
    const listed = (await (await ada.request.get(`${origin}/edit/api/saves`)).json()) as {
      commit: string;
      author: { name: string; email: string };
      date: string;
      subject: string;
      state: string;
      branch?: string;
    }[];
    const saves = history.filter(({ commit }) => commit !== developers);
    expect(
      listed
        .filter(({ state }) => state === "pushed")
        .map(({ commit }) => commit)
        .sort(),
    ).toEqual(saves.map(({ commit }) => commit).sort());
    for (const { commit, author, subject } of saves) {
      const listedSave = listed.find((candidate) => candidate.commit === commit);
      expect(listedSave && who(listedSave.author), commit).toBe(author);
      expect(listedSave).toMatchObject({ subject, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    }
    expect(
      listed
        .filter(({ state }) => state === "kept aside")
        .map(({ author, branch }) => ({ author, branch }))
        .sort((a, b) => (a.branch ?? "").localeCompare(b.branch ?? "")),
    ).toEqual(
      benBranches()
        .sort()
        .map((branch) => ({ author: { name: TEST_USERS.ben.name, email: TEST_USERS.ben.email }, branch })),
    );
    await ada.goto(`${origin}/edit/saves`);
    for (const { subject } of saves) await expect(ada.getByText(subject).first()).toBeVisible();
    for (const branch of benBranches()) await expect(ada.getByText(branch)).toBeVisible();
    for (const width of [1440, 390]) {
      await ada.setViewportSize({ width, height: 844 });
      expect(
        await ada.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        `${width}`,
      ).toBeLessThanOrEqual(0);
      await expectNoViolations(ada);
    }
    await Promise.all([ada.close(), ben.close()]);
  });

  test("another origin cannot save through an editor's browser, and another Host name is refused", async ({
    browser,
  }) => {
    const { origin, ports } = service;
    const port = ports.service;
    const elsewhere = `http://127.0.0.1:${ports.elsewhere}`;
    const context = await editor(browser, "ada");
    const cookie = `${SESSION_COOKIE}=${await sessionCookie(context)}`;
    const before = service.git("rev-parse", BRANCH);
    const savesBefore = await (await context.request.get(`${origin}/edit/api/saves`)).text();

    // A real change, as the screen would send it: refused for where it comes from, not for what it is.
    const contact = service.git("show", `${BRANCH}:app/content/contact.yaml`);
    const change = JSON.stringify({
      additions: [
        {
          path: "app/content/contact.yaml",
          contents: Buffer.from(contact.replace(/555-\d{4}/, "555-0666")).toString("base64url"),
        },
      ],
      deletions: [],
    });
    const changes = service.routes.filter(({ method }) => method !== "GET" && method !== "HEAD");
    expect(changes.length).toBeGreaterThan(0);

    // From the other origin's page, in Ada's signed-in browser (127.0.0.1 on another port is the same site, so
    // SameSite=Lax sends her cookie): every change the service takes, with her credentials.
    await test.step("from the other origin's page", async () => {
      const server = createServer((_request, response) => {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        // A form's POST needs no preflight: the plainest cross-origin write there is.
        response.end(`<!doctype html><title>Elsewhere</title>
  <form method="post" action="${origin}/api/keystatic/update" enctype="text/plain">
  <input type="hidden" name='${change.slice(0, -1)},"x":"' value='"}'><button>Save elsewhere</button></form>`);
      });
      await new Promise<void>((resolve) => server.listen(ports.elsewhere, "127.0.0.1", resolve));
      try {
        const other = await context.newPage();
        await other.goto(elsewhere);
        for (const route of changes) {
          const outcome = await other.evaluate(
            async ({ url, method, body }) => {
              try {
                const response = await fetch(url, {
                  method,
                  credentials: "include",
                  headers: { "no-cors": "1", "content-type": "application/json" },
                  body,
                  signal: AbortSignal.timeout(10_000),
                });
                return `answered ${response.status}`;
              } catch (error) {
                return (error as Error).name === "TimeoutError" ? "no answer" : "blocked";
              }
            },
            { url: `${origin}${route.path}`, method: route.method, body: change },
          );
          expect(["blocked", "answered 403"], `${route.method} ${route.path} from ${elsewhere}`).toContain(outcome);
        }
        const submitted = other.waitForResponse(`${origin}/api/keystatic/update`, { timeout: 15_000 });
        await other.getByRole("button", { name: "Save elsewhere" }).click();
        expect((await submitted).status()).toBe(403);
        // The page is left to its context, closed with the others: its close() once outlived the
        // test's 2 minutes on a loaded CI machine, right after the 403 page had shown.
      } finally {
        server.close();
      }
    });

    // The same with Ada's cookie outside a browser: another Origin, or none, is refused before anything is read.
    await test.step("with her cookie, outside a browser", async () => {
      for (const route of changes)
        for (const sentOrigin of [elsewhere, undefined]) {
          const answer = await ask(`${origin}${route.path}`, {
            method: route.method,
            headers: {
              cookie,
              "no-cors": "1",
              "content-type": "application/json",
              ...(sentOrigin ? { origin: sentOrigin } : {}),
            },
            body: change,
          });
          expect(answer.status, `${route.method} ${route.path} with Origin ${sentOrigin ?? "(none)"}`).toBe(403);
        }
      // A moment for a save that was wrongly taken, whose commit would follow its answer.
      await sleep(1_000);
      expect(service.git("rev-parse", BRANCH)).toBe(before);
      expect(await (await context.request.get(`${origin}/edit/api/saves`)).text()).toBe(savesBefore);
    });

    // Another Host name for the same address (DNS rebinding), with or without her cookie: 421 before anything else.
    await test.step("another Host name", async () => {
      for (const host of [`rebound.example:${port}`, `localhost:${port}`, "127.0.0.1"]) {
        for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
          const answer = await sendRaw(port, rawRequest("/keystatic", { headers: { Host: host, ...headers } }));
          expect(answer.status, `Host: ${host}`).toBe(421);
        }
        const write = await sendRaw(
          port,
          rawRequest("/api/keystatic/update", {
            method: "POST",
            headers: {
              Host: host,
              Cookie: cookie,
              Origin: origin,
              "no-cors": "1",
              "Content-Type": "application/json",
              "Content-Length": String(Buffer.byteLength(change)),
            },
            body: change,
          }),
        );
        expect(write.status, `POST with Host: ${host}`).toBe(421);
      }
      const named = await sendRaw(port, rawRequest("/keystatic", { headers: { Host: `127.0.0.1:${port}` } }));
      expect(named.status).toBe(302);
    });
  });

  test("a 200 MB film uploaded through the screen: memory bounded, its media in the bucket before the push, a fresh clone plays it", async ({
    browser,
    page: visitor,
  }) => {
    test.setTimeout(300_000);
    const { origin, mediaOrigin } = service;
    await film;
    const size = statSync(filmFile).size;
    expect(size, "the generated film's size").toBeGreaterThanOrEqual(LARGE_FILM_BYTES);
    const ada = await (await editor(browser, "ada")).newPage();
    const before = commitsOnRemote(service);
    const head = service.git("rev-parse", BRANCH);

    // Ben has another director open, to save while Ada's film is being made.
    const ben = await (await editor(browser, "ben")).newPage();
    await openEntry(ben, origin, "callum-ashby");
    await ben.getByRole("textbox", { name: "Website" }).fill("callum-ashby.reels.example");

    await ada.goto(`${origin}/keystatic/collection/directors/create`);
    await ada.getByRole("textbox", { name: "Order" }).fill("3");
    await ada.getByRole("textbox", { name: "Name", exact: true }).fill("Ada Rowe");
    await expect(ada.getByRole("textbox", { name: "Id" })).toHaveValue("ada-rowe");
    await ada.getByRole("textbox", { name: "Website" }).fill("ada-rowe.example");

    // The service at rest, then sampled every 100 ms from the film's choice until its save is on the remote.
    const rest: number[] = [];
    for (let sample = 0; sample < 5; sample++) {
      rest.push((await service.serviceMemory()).withChildren);
      await sleep(100);
    }
    const idle = Math.max(...rest);
    const idleOwn = (await service.serviceMemory()).own;
    let phase: "upload" | "save" = "upload";
    const peaks = { upload: { own: 0, withChildren: 0 }, save: { own: 0, withChildren: 0 } };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { own, withChildren } = await service.serviceMemory();
        peaks[phase].own = Math.max(peaks[phase].own, own);
        peaks[phase].withChildren = Math.max(peaks[phase].withChildren, withChildren);
        await sleep(100);
      }
    })();

    const ranges: string[] = [];
    ada.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/edit/api/uploads/"))
        ranges.push(request.headers()["content-range"] ?? "(none)");
    });
    const uploadStarted = Date.now();
    await ada.locator('input[type="file"][aria-label="Clip"]').setInputFiles(filmFile);
    await expect(ada.getByRole("progressbar")).toBeVisible();
    await expect(ada.getByText(/large-film\.mp4 \(.*\), made when you save/)).toBeVisible({ timeout: 120_000 });
    const uploadSeconds = (Date.now() - uploadStarted) / 1000;
    phase = "save";
    expect((await save(ada, "Create")).status()).toBe(200);
    // Ben saves while her film's media are being made: his save is answered and pushed without waiting for them.
    const benStarted = Date.now();
    expect((await save(ben)).status()).toBe(200);
    const benSeconds = (Date.now() - benStarted) / 1000;
    // Recent saves as Ben sees it now: his save, and hers on its way (its step, as the service tells it).
    await ben.goto(`${origin}/edit/saves`);
    await expect(ben.getByRole("cell", { name: "directors/ada-rowe: create" })).toBeVisible();
    await ben.screenshot({ path: "test-results/screenshots/editing-service-saves.png" });
    const saved = await remoteHas(before.length + 2, 180_000);
    sampling = false;
    await sampler;
    expect(saved.at(-2)).toMatchObject({
      author: who(TEST_USERS.ben),
      subject: "directors/callum-ashby: update",
      files: [entryFile("callum-ashby")],
    });
    test
      .info()
      .annotations.push({ type: "second editor", description: `Ben's save answered in ${benSeconds.toFixed(1)} s` });
    // Recent saves says where each one is: his pushed, hers pushed once her media are in.
    const listed = (await (await ada.request.get(`${origin}/edit/api/saves`)).json()) as {
      subject: string;
      state: string;
    }[];
    expect(listed.find(({ subject }) => subject === "directors/ada-rowe: create")?.state).toBe("pushed");
    // The preview shows Ben's save without waiting for Ada's film: it builds the branch's last commit, never the
    // clone's half-made film (whose content check would refuse the build, leaving Ben's change unseen).
    await expect(async () => {
      await ben.goto(`${origin}${artistUrl("directors", "callum-ashby")}`);
      await expect(ben.locator('a[href="https://callum-ashby.reels.example"]')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 120_000 });
    expect(service.log()).not.toContain("the preview was not rebuilt");

    // Streamed in slices of at most 32 MiB, one after another, the whole film.
    const slices = ranges.map((range) => /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range)?.slice(1).map(Number));
    expect(slices.length).toBe(Math.ceil(size / SLICE_BYTES));
    let next = 0;
    for (const slice of slices) {
      expect(slice, `Content-Range of ${ranges.join(", ")}`).toBeDefined();
      const [start, end, total] = slice!;
      expect([start, total]).toEqual([next, size]);
      expect(end - start + 1).toBeLessThanOrEqual(SLICE_BYTES);
      next = end + 1;
    }
    expect(next).toBe(size);

    const report = `idle ${idle.toFixed(0)} MiB (own ${idleOwn.toFixed(0)}); upload of ${(size / MiB).toFixed(0)} MiB in ${uploadSeconds.toFixed(1)} s: peak ${peaks.upload.withChildren.toFixed(0)} MiB; save: own ${peaks.save.own.toFixed(0)} MiB, with children ${peaks.save.withChildren.toFixed(0)} MiB`;
    test.info().annotations.push({ type: "memory", description: report });
    expect(peaks.upload.withChildren - idle, report).toBeLessThan(UPLOAD_MEMORY_BOUND_MIB);
    expect(peaks.save.own - idleOwn, report).toBeLessThan(SAVE_MEMORY_BOUND_MIB);

    // One commit by Ada on top of what was there: her entry and the manifest, no media in git (they are in the bucket).
    const created = saved.at(-1)!;
    expect(created).toMatchObject({
      parent: saved.at(-2)!.commit,
      author: who(TEST_USERS.ada),
      subject: "directors/ada-rowe: create",
      files: [entryFile("ada-rowe"), "media/manifest.json", "media/sources.json"],
    });
    // Her original film is kept in the bucket's sources/ folder, beside the media, with its SHA-256, and the list
    // of sources the commit carries names it: a new disk, or a developer's `npm run media`, fetches it from there.
    // (s3rver serves every object to anyone: that the folder is private is the bucket's policy, docs/deploy.md.)
    const filmSha = createHash("sha256").update(readFileSync(filmFile)).digest("hex");
    const original = await ask(`${mediaOrigin}/sources/artists/ada-rowe/clip.mp4`, { method: "HEAD" });
    expect(original.status).toBe(200);
    expect(original.headers.get("x-amz-meta-sha256")).toBe(filmSha);
    expect(original.headers.get("cache-control")).toBe("private");
    const sourceList = JSON.parse(service.git("show", `${created.commit}:media/sources.json`)) as Record<
      string,
      unknown
    >;
    expect(sourceList["media/artists/ada-rowe/clip.mp4"]).toEqual({ sha256: filmSha, bytes: size });
    const clip = mediaPaths.directorClip("ada-rowe");
    const still = mediaPaths.directorStill("ada-rowe");
    // When the push reached the remote, every output it adds was in the bucket already (the hook asked then).
    const push = service.pushes().find((record) => record.new === created.commit);
    expect(push, "the remote's record of the push").toBeDefined();
    expect(push!.checked).toEqual(expect.arrayContaining([clip, still]));
    expect(push!.missing).toEqual([]);
    for (const record of service.pushes().filter(({ ref }) => ref === `refs/heads/${BRANCH}`))
      expect(record.missing, `push of ${record.new}`).toEqual([]);
    const object = await ask(`${mediaOrigin}${clip}`, { method: "HEAD" });
    expect(object.status).toBe(200);
    expect(object.headers.get("content-type")).toBe("video/mp4");

    // A clone of the remote as it is now, built and served with the bucket as its media: her page, and her clip
    // playing in the directors' grid, from the bucket.
    const site = await service.startFreshClone();
    const profile = await visitor.goto(`${site}${artistUrl("directors", "ada-rowe")}`);
    expect(profile?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Ada Rowe");
    await visitor.goto(`${site}/artists/directors`);
    const tile = visitor.getByRole("main").getByRole("listitem").filter({ hasText: "Ada Rowe" });
    const video = tile.locator("video[data-director-clip]");
    await video.scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) => ({
            src: element.currentSrc,
            playing: !element.paused && element.currentTime > 0,
          })),
        { timeout: 20_000 },
      )
      .toEqual({ src: `${mediaOrigin}${clip}`, playing: true });
    expect(saved.at(-2)!.parent).toBe(head);
    await Promise.all([ada.close(), ben.close()]);
  });

  test("only content reaches git; bodies bounded; nothing framed; the service and its preview on the loopback, no secret in the preview", async ({
    browser,
  }) => {
    const { origin } = service;
    const context = await editor(browser, "ada");
    const cookie = `${SESSION_COOKIE}=${await sessionCookie(context)}`;
    const asAda = { cookie, origin, "no-cors": "1", "content-type": "application/json" };
    const branchesBefore = service.git("for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/");

    // A save carrying code and a path that climbs out, beside a real entry: refused whole, naming both, before
    // anything is compared, written, kept aside or pushed.
    const callum = service.git("show", `${BRANCH}:${entryFile("callum-ashby")}`);
    const smuggled = await ask(`${origin}/api/keystatic/update`, {
      method: "POST",
      headers: asAda,
      body: JSON.stringify({
        additions: [
          { path: entryFile("callum-ashby"), contents: Buffer.from(`${callum}\n`).toString("base64url") },
          { path: "app/content/index.ts", contents: Buffer.from("export default {};\n").toString("base64url") },
        ],
        deletions: [{ path: "app/content/../../package.json" }],
      }),
    });
    expect(smuggled.status).toBe(400);
    const said = await smuggled.text();
    expect(said).toContain("app/content/index.ts");
    expect(said).toContain("app/content/../../package.json");
    await sleep(1_000);
    expect(service.git("for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/")).toBe(branchesBefore);
    // No branch anywhere holds a file outside the content, the media's manifest and the list of sources.
    for (const ref of service.git("for-each-ref", "--format=%(refname)", "refs/heads/").split("\n")) {
      const files = service.git("diff", "--name-only", service.seed, ref).split("\n").filter(Boolean);
      for (const file of files)
        expect(file, `${file} on ${ref}`).toMatch(
          /^(app\/content\/[a-z0-9/.-]+\.(md|yaml|vtt|srt)|media\/(manifest|sources)\.json)$/,
        );
    }

    // A save's body is text: 2 MiB of it is refused before it is read, and the service answers on.
    const large = JSON.stringify({
      additions: [{ path: "app/content/site.yaml", contents: "A".repeat(2 * MiB) }],
      deletions: [],
    });
    const tooLarge = await ask(`${origin}/api/keystatic/update`, { method: "POST", headers: asAda, body: large });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toMatch(/at most 1 MB/);
    expect((await ask(`${origin}/keystatic`, { headers: { cookie } })).status).toBe(200);

    // Links for one buyer, behind sign-in, from the service's own pages only; off unless the operator said on.
    const link = JSON.stringify({ artists: ["mira-castell"], recipient: "Juniper Films — Sam" });
    const linkAnswer = (headers: Record<string, string>) =>
      ask(`${origin}/edit/api/links`, { method: "POST", headers: { ...headers, cookie }, body: link });
    expect((await linkAnswer({ "content-type": "application/json" })).status).toBe(403);
    const off = await linkAnswer({ origin, "content-type": "application/json" });
    expect([off.status, await off.text()]).toEqual([409, expect.stringMatching(/ANALYTICS_RECIPIENT_LINKS=on/)]);

    // No page of the screen, the service or its preview may be framed, signed in or not.
    for (const page of [
      "/keystatic",
      "/edit/saves",
      "/edit/views",
      "/edit/links",
      "/auth/signed-out",
      "/artists/directors",
    ]) {
      const answer = await ask(`${origin}${page}`, { headers: { cookie } });
      expect(answer.status, page).toBe(200);
      expect(answer.headers.get("x-frame-options"), page).toBe("DENY");
      expect(answer.headers.get("content-security-policy"), page).toMatch(/frame-ancestors 'none'/);
    }

    // Every process the service started listens on the loopback only, the preview included; the preview's
    // processes hold none of the service's secrets.
    const processes = await service.processes();
    const listening = processes.flatMap(({ command, listens }) => listens.map((socket) => ({ command, ...socket })));
    expect(listening.map(({ port }) => port)).toEqual(
      expect.arrayContaining([service.ports.service, service.ports.preview]),
    );
    for (const socket of listening) expect(socket, "a listening socket").toMatchObject({ loopback: true });
    const previews = processes.filter(({ listens }) => listens.some(({ port }) => port === service.ports.preview));
    expect(previews.length).toBeGreaterThan(0);
    for (const { command, environment } of previews)
      for (const secret of service.secrets)
        expect(environment.includes(secret), `a secret in ${command}'s environment`).toBe(false);
  });

  test("uploads: minted for one editor, nobody else's to write, read or remove; bounded per editor and in all", async ({
    browser,
  }) => {
    const { origin } = service;
    const headersOf = async (name: "ada" | "ben") => ({
      cookie: `${SESSION_COOKIE}=${await sessionCookie(await editor(browser, name))}`,
      origin,
    });
    const [ada, ben] = [await headersOf("ada"), await headersOf("ben")];
    const mint = async (who: Record<string, string>, bytes: number) => {
      const answer = await ask(`${origin}/edit/api/uploads`, {
        method: "POST",
        headers: { ...who, "content-type": "application/json" },
        body: JSON.stringify({ extension: "mp4", bytes }),
      });
      return { status: answer.status, text: await answer.text() };
    };
    const upload = (token: string) => `${origin}/edit/api/uploads/${token}`;

    const small = await mint(ada, 1000);
    expect(small.status).toBe(201);
    const { token } = JSON.parse(small.text) as { token: string };
    // Ben knows her token and still cannot write, resume, read or remove it: to him it does not exist.
    for (const method of ["PUT", "HEAD", "DELETE"]) {
      const answer = await ask(upload(token), {
        method,
        headers: { ...ben, "content-type": "application/octet-stream" },
        body: method === "PUT" ? "x".repeat(1000) : undefined,
      });
      expect(answer.status, `Ben's ${method}`).toBe(404);
    }
    const put = await ask(upload(token), { method: "PUT", headers: ada, body: "x".repeat(1000) });
    expect(put.status).toBe(201);
    expect((await ask(upload(token), { method: "HEAD", headers: ada })).headers.get("upload-offset")).toBe("1000");

    // The instance keeps 0.5 GiB per editor and 0.75 GiB in all waiting for a save (UPLOAD_QUOTAS); a file over the
    // largest the screen takes is refused whatever the quotas.
    expect((await mint(ada, 400 * MiB)).status).toBe(201);
    const adaOver = await mint(ada, 200 * MiB);
    expect(adaOver.status).toBe(507);
    expect(adaOver.text).toMatch(/per editor/);
    expect((await mint(ben, 300 * MiB)).status).toBe(201);
    const allOver = await mint(ben, 100 * MiB);
    expect(allOver.status).toBe(507);
    expect((await mint(ben, 21 * 1024 * MiB)).status).toBe(413);
  });

  test("a restart, as a deploy does it: a signed-in editor is still signed in, and saves", async ({ browser }) => {
    test.setTimeout(240_000);
    const { origin } = service;
    const ada = await (await editor(browser, "ada")).newPage();
    const before = commitsOnRemote(service).length;
    await service.restart();
    await openEntry(ada, origin, "juno-adeyemi");
    await expect(ada).toHaveURL(`${origin}/keystatic/collection/directors/item/juno-adeyemi`);
    await ada.getByRole("textbox", { name: "Website" }).fill("juno-adeyemi.after-lunch.example");
    expect((await save(ada)).status()).toBe(200);
    const after = await remoteHas(before + 1);
    expect(after.at(-1)).toMatchObject({ author: who(TEST_USERS.ada), subject: "directors/juno-adeyemi: update" });
    await ada.close();
  });
});

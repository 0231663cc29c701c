/**
 * The editor sees when a save is live on the public site (EDIT_SITE_URL): the service asks the site's /healthz
 * which commit it serves, and Recent saves and the author's status say "live" with a link to the entry's page, or
 * "not live" with the site's reason. The site here is a stand-in, a tiny server answering /healthz with the remote's
 * branch head as `git rev-parse` reads it in the bare remote (or, refusing, the head before and the new one
 * refused); the real following site is to take its place. The service, its provider, remote and bucket are
 * service-instance.ts's, as in service.spec.ts.
 */
import { createServer, type Server } from "node:http";

import type { Page } from "@playwright/test";

import { artistUrl } from "#model/artist-lists.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { LOGIN_FORM, TEST_USERS } from "#tests/support/oidc-provider.ts";
import { BRANCH, type ServiceInstance, startServiceInstance } from "./service-instance.ts";

/** The public site's refusal of the newest commit, in the content check's words. */
const REASON =
  'app/content/artists/directors/callum-ashby.md:7: website: "https://callum-ashby.example" must be a bare host like jane-doe.example';

interface Saved {
  commit?: string;
  subject: string;
  state: string;
  link?: string;
  message?: string;
}

test.describe("a save followed to the public site", () => {
  test.skip(({ isMobile }) => isMobile, "the editing screen is used on a desktop");
  test.skip(({ browserName }) => browserName !== "chromium", "one engine is enough for the service's answers");
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  let service: ServiceInstance;
  let stand: Server | undefined;
  /** What the stand-in serves while it refuses the branch's newest commit; undefined: it serves the newest. */
  let refusing: { served: string } | undefined;
  const siteOrigin = () => `http://127.0.0.1:${service.ports.publicSite}`;

  /** The stand-in for the following site, on the port EDIT_SITE_URL names. */
  async function startStandIn() {
    stand = createServer((request, response) => {
      if (request.url !== "/healthz") return response.writeHead(404).end();
      const head = service.git("rev-parse", BRANCH);
      const health = refusing
        ? { status: "ok", commit: refusing.served, refused: { commit: head, reason: REASON } }
        : { status: "ok", commit: head };
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(health));
    });
    await new Promise<void>((resolve) => stand!.listen(service.ports.publicSite, "127.0.0.1", resolve));
  }

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    service = await startServiceInstance((ports) => ({ EDIT_SITE_URL: `http://127.0.0.1:${ports.publicSite}` }));
  });

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus && service)
      await testInfo.attach("service.log", { body: service.log(), contentType: "text/plain" });
  });

  test.afterAll(async () => {
    stand?.close();
    await service?.stop();
  });

  async function signIn(page: Page) {
    await page.goto(`${service.origin}/keystatic`);
    await page.locator(LOGIN_FORM.selectors.login).fill(TEST_USERS.ada.email);
    await page.locator(LOGIN_FORM.selectors.password).fill("any password: the test provider takes any");
    await page.locator(LOGIN_FORM.selectors.submit).click();
    await expect(page).toHaveURL(`${service.origin}/keystatic`);
  }

  /** Opens a director's entry, changes its website and saves: the save's answer. */
  async function saveWebsite(page: Page, id: string, website: string) {
    await page.goto(`${service.origin}/keystatic/collection/directors/item/${id}`);
    const field = page.getByRole("textbox", { name: "Website" });
    await expect(field).not.toHaveValue("", { timeout: 30_000 });
    await field.fill(website);
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/keystatic/update"));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    expect((await answer).status()).toBe(200);
  }

  /** The save of `subject` as /edit/api/saves lists it, once it is in `state`. */
  async function listedAs(page: Page, subject: string, state: string, timeout = 60_000): Promise<Saved> {
    let found: Saved | undefined;
    await expect
      .poll(
        async () => {
          const saves = (await (await page.request.get(`${service.origin}/edit/api/saves`)).json()) as Saved[];
          found = saves.find((save) => save.subject === subject);
          return found?.state;
        },
        { timeout },
      )
      .toBe(state);
    return found!;
  }

  test("live: a save the site serves shows live with its page's link; a site that does not answer leaves it pushed", async ({
    page,
  }) => {
    await signIn(page);
    // The site is down when the save is pushed: the save stays "pushed", nothing failed, and the log says so.
    await saveWebsite(page, "theo-marchand", "theo-marchand.live.example");
    const pushed = await listedAs(page, "directors/theo-marchand: update", "pushed");
    expect(pushed.commit).toBe(service.git("rev-parse", BRANCH));
    await expect.poll(() => service.log()).toContain(`${siteOrigin()}/healthz did not answer`);
    expect((await listedAs(page, "directors/theo-marchand: update", "pushed")).state).toBe("pushed");

    // The site comes up serving the branch's head: the save is live, its link the entry's page on the site.
    await startStandIn();
    const live = await listedAs(page, "directors/theo-marchand: update", "live");
    const href = `${siteOrigin()}${artistUrl("directors", "theo-marchand")}`;
    expect(live.link).toBe(href);
    await page.goto(`${service.origin}/edit/saves`);
    const row = page.getByRole("row").filter({ hasText: "directors/theo-marchand: update" });
    await expect(row.getByRole("cell").last()).toContainText("live");
    await expect(row.getByRole("link")).toHaveAttribute("href", href);

    // The author's own status, on the entry's screen.
    await page.goto(`${service.origin}/keystatic/collection/directors/item/theo-marchand`);
    await expect(page.getByText(`Live on the site: directors/theo-marchand — ${href}`)).toBeVisible({
      timeout: 30_000,
    });
  });

  test("not live: the site refuses the newest commit; Recent saves says why, and the save before stays live", async ({
    page,
  }) => {
    await signIn(page);
    refusing = { served: service.git("rev-parse", BRANCH) };
    await saveWebsite(page, "callum-ashby", "callum-ashby.refused.example");
    const refused = await listedAs(page, "directors/callum-ashby: update", "not live");
    expect(refused).toMatchObject({ commit: service.git("rev-parse", BRANCH), message: REASON });
    expect((await listedAs(page, "directors/theo-marchand: update", "live")).state).toBe("live");

    await page.goto(`${service.origin}/edit/saves`);
    const row = page.getByRole("row").filter({ hasText: "directors/callum-ashby: update" });
    await expect(row.getByRole("cell").last()).toHaveText(`not live: ${REASON}`);
    await expect(row.getByRole("link")).toHaveCount(0);
    const theo = page.getByRole("row").filter({ hasText: "directors/theo-marchand: update" });
    await expect(theo.getByRole("link")).toHaveAttribute("href", `${siteOrigin()}/artists/film/theo-marchand`);
    await page.screenshot({ path: "test-results/screenshots/editing-service-live.png" });

    await page.goto(`${service.origin}/keystatic/collection/directors/item/callum-ashby`);
    await expect(page.getByText(`Not live on the site: ${REASON}`)).toBeVisible({ timeout: 30_000 });
  });
});

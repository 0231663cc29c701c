import { type ChildProcess, spawn } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { contact } from "#app/content/index.ts";
import { answersHealthz } from "#tests/support/server-process.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { PROJECT_SOURCES, scratchProject } from "#tests/support/scratch-project.ts";

/** The app on DEV_RELOAD_PORT (default 3240), `remix dev`'s own server on the port after it. */
const APP_PORT = Number(process.env.DEV_RELOAD_PORT ?? 3240);
const DEV_PORT = APP_PORT + 1;

/**
 * `npm run dev` runs in a copy of the project, so its development build never replaces the
 * production build the rest of the suite is serving.
 */
test.describe("npm run dev", () => {
  // One `npm run dev` for the tests below, in order: the last one edits the project.
  test.describe.configure({ mode: "serial" });

  let dir: string;
  let child: ChildProcess;
  const url = `http://localhost:${APP_PORT}/contact`;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = await scratchProject("dev-reload-", PROJECT_SOURCES);
    // Its own process group, so the server that `remix dev` starts is stopped with it.
    child = spawn("npm", ["run", "dev", "--", "--port", String(DEV_PORT)], {
      cwd: dir,
      detached: true,
      env: { ...process.env, PORT: String(APP_PORT) },
      stdio: "ignore",
    });
    // The dev build comes up in 10–60 s; 900 tries, 100 ms apart, give it 90 s.
    if (!(await answersHealthz(child, `http://localhost:${APP_PORT}`, 900))) {
      throw new Error(`npm run dev did not serve ${url} within 90 s (exit code ${child.exitCode})`);
    }
  });

  test.afterAll(async () => {
    if (child?.pid) process.kill(-child.pid, "SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("serves through the production server: its CSP, hardening headers and 405s", async ({ request }) => {
    const page = await request.get(url);
    const csp = page.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    // Development's policy: `remix dev` reloads the page over a WebSocket.
    expect(csp).toMatch(/connect-src [^;]*ws:/);
    expect(page.headers()["x-frame-options"]).toBe("DENY");
    expect(page.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);

    const post = await request.post(url);
    expect(post.status()).toBe(405);
    expect(post.headers().allow).toBe("GET, HEAD");
  });

  test("an edit to a content file (contact.yaml) shows in the open page by itself", async ({ page }) => {
    test.setTimeout(90_000);
    const liveReload = page.waitForEvent("websocket", (socket) => socket.url().includes(`:${DEV_PORT}/`));
    await page.goto(url);
    await liveReload;
    await expect(page.getByRole("link", { name: contact.email })).toBeVisible();

    const file = path.join(dir, "app/content/contact.yaml");
    const edited = "bookings@calloway-artists.example";
    await writeFile(file, (await readFile(file, "utf8")).replace(contact.email, edited));

    // The content is compiled (scripts/cli/content-build.ts --watch), then the app rebuilt: on a busy
    // machine (a full build running beside it) that has taken over 30 s.
    await expect(page.getByRole("link", { name: edited })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("link", { name: contact.email })).toHaveCount(0);
  });
});

/**
 * The public site carries nothing of the editing screen (docs/decisions/0008-editing-screen.md):
 * its URLs answer as any unknown path, no byte of Keystatic is in the build, and the production
 * image, which installs `dependencies` only, never gets its packages.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "#tests/support/fixtures.ts";

const ROOT = path.join(import.meta.dirname, "../../..");

/** Names that only the CMS's code and packages carry. */
const CMS_CODE = /keystatic|@keystar\/|keystar-ui/i;

/** Every file of the production build: the server bundle, the Remix server build and public/build with its manifest. */
function buildFiles(): string[] {
  const under = (dir: string) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  return [...under("build"), ...under("public/build")];
}

test.describe("the public build and the editing screen", () => {
  test.skip(({ isMobile }) => isMobile, "the answers do not depend on the screen");

  test("the editing URLs answer as an unknown path does: 302 to the directors' grid", async ({ request }) => {
    const unknown = await request.get("/no-such-page", { maxRedirects: 0 });
    for (const url of ["/keystatic", "/keystatic/collection/directors", "/api/keystatic/tree"]) {
      const answer = await request.get(url, { maxRedirects: 0, headers: { "no-cors": "1" } });
      expect(answer.status(), url).toBe(unknown.status());
      expect(answer.headers().location, url).toBe(unknown.headers().location);
    }
    // The screen's script (served by the editing instance at /edit/screen.{hash}.js) is a missing file, as any other.
    const script = await request.get("/edit/screen.0123456789abcdef.js", { maxRedirects: 0 });
    expect(script.status()).toBe((await request.get("/no-such-file.js", { maxRedirects: 0 })).status());
    const write = await request.post("/api/keystatic/update", {
      headers: { "no-cors": "1", "content-type": "application/json" },
      data: { additions: [], deletions: [] },
    });
    expect(write.status()).toBe(405);
  });

  test("no CMS code in build/ or public/build (the manifest included)", () => {
    const files = buildFiles();
    expect(files.some((file) => /manifest-[\w]+\.js$/.test(file))).toBe(true);
    const carrying = files.filter((file) => CMS_CODE.test(readFileSync(file, "latin1")));
    expect(carrying).toEqual([]);
  });

  test("package.json keeps the CMS in devDependencies, out of the production image", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    const cms = (deps: Record<string, string> = {}) => Object.keys(deps).filter((name) => CMS_CODE.test(name));
    expect(cms(pkg.dependencies)).toEqual([]);
    expect(cms(pkg.devDependencies)).toContain("@keystatic/core");
  });
});

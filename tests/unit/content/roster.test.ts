import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import path from "node:path";

import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MEDIA_KIND_ENTRIES } from "#model/media-kinds.ts";
import { makeRoster } from "#tests/support/roster.ts";

const ARTISTS = "app/content/artists";
const TIMES = 3;

const frontOf = (file: string) => parse(readFileSync(file, "utf8").split(/^---\n/m)[1]) as Record<string, unknown>;
const filesOf = (root: string) =>
  readdirSync(path.join(root, ARTISTS)).flatMap((type) =>
    readdirSync(path.join(root, ARTISTS, type)).map((name) => path.join(root, ARTISTS, type, name)),
  );

describe("npm run roster", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeRoster(TIMES);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    "makes a roster of the content's size times N that passes the content check, media included",
    { timeout: 60_000 },
    () => {
      const originals = filesOf(".");
      expect(filesOf(dir)).toHaveLength(originals.length * TIMES);
      const directors = readdirSync(path.join(ARTISTS, "directors")).length;
      const output = execFileSync("npx", ["tsx", "scripts/cli/content-build.ts", "--check"], {
        cwd: dir,
        encoding: "utf8",
      });
      expect(output).toContain(`${originals.length * TIMES} artists (${directors * TIMES} directors`);
    },
  );

  it("gives each copy its own id, name, site and media, the files its id fixes linking to the original's", () => {
    const real = (root: string, sitePath: string) => realpathSync(path.join(root, "public", sitePath));
    for (const file of filesOf(".")) {
      const original = frontOf(file);
      const id = String(original.id);
      const copy = frontOf(path.join(dir, path.dirname(file), `${id}-${TIMES}.md`));
      expect(copy.id).toBe(`${id}-${TIMES}`);
      for (const field of ["name", "website"]) expect(copy[field]).not.toBe(original[field]);
      const place = file.includes("/directors/") ? "directors" : "photographers";
      const kinds = MEDIA_KIND_ENTRIES.filter(
        ([, row]) => row.place === place || (row.place === "bio" && original.bioPhoto),
      );
      expect(kinds.length).toBeGreaterThanOrEqual(2);
      for (const [, row] of kinds) {
        const [mine, theirs] = [row.path?.(String(copy.id), 0) ?? "", row.path?.(id, 0) ?? ""];
        expect(real(dir, mine)).toBe(real(".", theirs));
      }
    }
  });
});

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import path from "node:path";

import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { makeRoster } from "#scripts/cli/roster.ts";

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

  it("makes a roster of the content's size times N that passes the content check, media included", () => {
    const originals = filesOf(".");
    expect(filesOf(dir)).toHaveLength(originals.length * TIMES);
    const directors = readdirSync(path.join(ARTISTS, "directors")).length;
    const output = execFileSync("npx", ["tsx", "scripts/cli/content-build.ts", "--check"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(output).toContain(`${originals.length * TIMES} artists (${directors * TIMES} directors`);
  });

  it("gives each copy its own id, name, site and media paths, pointing at the original's files", () => {
    for (const file of filesOf(".")) {
      const original = frontOf(file);
      const copy = frontOf(path.join(dir, path.dirname(file), `${String(original.id)}-${TIMES}.md`));
      expect(copy.id).toBe(`${String(original.id)}-${TIMES}`);
      for (const field of ["name", "website"]) expect(copy[field]).not.toBe(original[field]);
      for (const field of ["thumb", "mobileBG"]) {
        expect(copy[field]).not.toBe(original[field]);
        const real = (root: string, sitePath: unknown) => realpathSync(path.join(root, "public", String(sitePath)));
        expect(real(dir, copy[field])).toBe(real(".", original[field]));
      }
    }
  });
});

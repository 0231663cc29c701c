/**
 * A bare repository seeded with a few content files, the editing service's remote in the tests of its
 * git landing (tests/unit/edit/service-git.test.ts, save-faults.test.ts): each test's remote is a copy.
 */
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export const ADA_FILE = "app/content/artists/directors/ada-rowe.md";
export const THEO_FILE = "app/content/artists/directors/theo-marchand.md";
export const SITE_FILE = "app/content/site.yaml";

/** A director's entry, as little of one as the landing needs. */
export const director = (id: string, bio: string) => `---\nid: ${id}\nname: ${id}\nbio: ${bio}\n---\n`;

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, stdio: "ignore" });

/** The seeded bare repository, made in `root` (seed/ and seed.git/); its path. Forced and deleting pushes are refused. */
export async function seedContentRemote(root: string): Promise<string> {
  const seed = path.join(root, "seed");
  await mkdir(path.join(seed, path.dirname(ADA_FILE)), { recursive: true });
  await writeFile(path.join(seed, ADA_FILE), director("ada-rowe", "First words."));
  await writeFile(path.join(seed, THEO_FILE), director("theo-marchand", "His words."));
  await writeFile(path.join(seed, SITE_FILE), "title: Agency\n");
  git(seed, "init", "-q", "--initial-branch=main");
  git(seed, "add", "-A");
  git(seed, "-c", "user.name=Seed", "-c", "user.email=seed@agency.example", "commit", "-q", "-m", "seed");
  const remote = path.join(root, "seed.git");
  git(root, "clone", "-q", "--bare", seed, remote);
  git(remote, "config", "receive.denyNonFastForwards", "true");
  git(remote, "config", "receive.denyDeletes", "true");
  return remote;
}

/**
 * Every repo path the docs name exists: README.md and docs/**\/*.md, their relative links and the paths in their
 * code (inline and fenced). A file moved or renamed without its docs fails here, naming the doc, the line and the
 * path. Checked against the files Git would keep (tracked, or new and not ignored), so a build's outputs neither
 * hide a stale path nor are needed for the test to pass.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, test } from "vitest";

import packageJson from "../../../package.json";

const ROOT = path.join(import.meta.dirname, "../../..");

/** Placeholders and patterns stand for many files, not one: `{id}`, `<account>`, `*`, `…`, `$TMPDIR`, `[n/N]`. */
const PATTERN = /[{}<>*…$[\]=?]/;
/**
 * What the docs' worked examples invent: `x.jpg`, and the reel docs/media.md adds. Their files exist only once
 * someone follows the example. (docs/content.md's examples' media lies in media/, which Git ignores.)
 */
const EXAMPLE = /(^|\/)(x\.\w+$|reel-2022([./]|$))/;
/** A MIME type (`text/vtt`) looks like a path but names none. */
const MIME_TYPE = /^(application|audio|font|image|text|video)\/[\w.+-]+$/;
/**
 * A bare name a reader takes for one of this repository's own files: its code and tests. Not `.js`, which as
 * often names a package (video.js, mux.js) or a build's output; not `.d.ts`, which may be generated.
 */
const FILE_NAME = /^[\w.-]+(?<!\.d)\.(ts|tsx|mjs|cjs)$/;
/** A capitalised placeholder in a name: `segment_NNN.ts`. */
const CAPITALS = /(^|[^A-Za-z])[A-Z]{2,}([^A-Za-z]|$)/;

const git = (args: string[], input?: string) =>
  spawnSync("git", args, { cwd: ROOT, encoding: "utf8", input, maxBuffer: 64 * 1024 * 1024 });

/** What Git would keep: tracked files still on disk, and new files it does not ignore. */
function repoFiles(): string[] {
  const listed = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  return listed.stdout.split("\0").filter((file) => file && existsSync(path.join(ROOT, file)));
}

/**
 * The paths among `paths` that .gitignore leaves out: outputs a command makes (build/, media/'s sources, …), there
 * or not. Each is asked as a file and as a folder: Git cannot tell which a missing path is.
 */
function ignored(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const asked = paths.flatMap((target) => [target, `${target}/`]);
  // Exit 1 means none is ignored; anything above is an error.
  const checked = git(["check-ignore", "--stdin", "--no-index"], asked.join("\n"));
  if (checked.status !== 0 && checked.status !== 1) throw new Error(`git check-ignore: ${checked.stderr}`);
  return new Set(checked.stdout.split("\n").map((found) => found.replace(/\/$/, "")));
}

/** A reference in a doc: the text as written, where, and how to find it in the repo. */
interface Cited {
  line: number;
  text: string;
  kind: "link" | "rooted" | "relative" | "name";
  /** The repo path it stands for (a link resolved from its doc; a rooted path as written). */
  target: string;
}

const packages = new Set(Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies }));

/** Classifies one word of code as a path of the repo, or as nothing to check (a URL, a command, a package). */
function classify(word: string, topLevel: Set<string>): Omit<Cited, "line"> | undefined {
  const text = word.replace(/^[("'`]+|[)"'`,.;:]+$/g, "");
  if (!text || PATTERN.test(text) || EXAMPLE.test(text) || MIME_TYPE.test(text) || text.includes("://")) return;
  // A URL path of the site, a package or an alias (`@videojs/xhr`, `~/lib`), or a command's flag.
  if (/^[/@~-]/.test(text)) return;
  const target = text.replace(/(:\d+)+$/, "").replace(/\/$/, "");
  const [first] = target.split("/");
  if (target.includes("/")) {
    if (topLevel.has(first)) return { text, kind: "rooted", target };
    // A package's own file (`lighthouse/core/…`, `global/window`) or a MIME type (`text/vtt`) is not the repo's.
    if (packages.has(first) || !/\.\w+$/.test(target)) return;
    return { text, kind: "relative", target };
  }
  if (FILE_NAME.test(target) && !CAPITALS.test(target) && !topLevel.has(target)) return { text, kind: "name", target };
  if (topLevel.has(target)) return { text, kind: "rooted", target };
}

/** Every path `doc` names, line by line: links, and the words of its inline code and fenced blocks. */
function citedPaths(doc: string, topLevel: Set<string>): Cited[] {
  const cited: Cited[] = [];
  let fenced = false;
  readFileSync(path.join(ROOT, doc), "utf8")
    .split("\n")
    .forEach((line, index) => {
      const add = (found: Omit<Cited, "line"> | undefined) => found && cited.push({ line: index + 1, ...found });
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return;
      }
      if (fenced) {
        for (const word of line.split(/\s+/)) add(classify(word, topLevel));
        return;
      }
      for (const [, href] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][\w+.-]*:/i.test(href) || href.startsWith("#")) continue;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc), href.replace(/#.*$/, "")));
        add({ text: href, kind: "link", target: target.replace(/\/$/, "") });
      }
      for (const [, code] of line.matchAll(/`([^`]+)`/g)) {
        for (const word of code.split(/\s+/)) add(classify(word, topLevel));
      }
    });
  return cited;
}

const docs = existsSync(path.join(ROOT, "docs"))
  ? [
      "README.md",
      ...readdirSync(path.join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".md"))
        .map((file) => `docs/${file}`)
        .sort(),
    ]
  : [];

// A partial copy of the project (the content procedures' scratch copy) has no docs to check.
describe.skipIf(docs.length === 0)("the paths the docs name", () => {
  // Listed once the suite runs: a skipped suite's body is still collected, where there may be no Git.
  let files: string[] = [];
  const known = new Set<string>();
  let names = new Set<string>();
  let topLevel = new Set<string>();
  beforeAll(() => {
    files = repoFiles();
    for (const file of files) {
      for (let dir = file; dir !== "."; dir = path.posix.dirname(dir)) known.add(dir);
    }
    names = new Set(files.map((file) => path.posix.basename(file)));
    topLevel = new Set(files.map((file) => file.split("/")[0]));
  });

  test.each(docs)("%s names only files and folders that exist", (doc) => {
    const cited = citedPaths(doc, topLevel);
    const outputs = ignored(cited.filter(({ kind }) => kind !== "name").map(({ target }) => target));
    const missing = cited
      .filter(({ kind, target }) => {
        if (kind === "name") return !names.has(target);
        if (outputs.has(target)) return false;
        if (kind === "relative") return !files.some((file) => file.endsWith(`/${target}`));
        return !known.has(target);
      })
      .map(({ line, text, kind }) => `${doc}:${line}: ${kind === "link" ? "link" : "path"} ${text} does not exist`);
    expect(missing).toEqual([]);
  });
});

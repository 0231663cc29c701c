/**
 * Every repo path the docs and the code's comments name exists: README.md and docs/**\/*.md (their relative links
 * and the paths in their code, inline and fenced), and every word of the comments in the code (CODE_FOLDERS and the
 * root's config files). A file moved or renamed without its pointers fails here, naming the file, the line and the
 * path. Checked against the files Git would keep (tracked, or new and not ignored), so a build's outputs neither
 * hide a stale path nor are needed for the test to pass.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";

import packageJson from "../../../package.json";

const ROOT = path.join(import.meta.dirname, "../../..");

/** Placeholders and patterns stand for many files, not one: `{id}`, `<account>`, `*`, `…`, `$TMPDIR`, `[n/N]`. */
const PATTERN = /[{}<>*…$[\]=?]/;
/**
 * What the docs' worked examples invent: a one-letter name (`x.jpg`, `public/x/master.m3u8`, a test's `a.ts`), and
 * the reel docs/media.md adds. Their files exist only once someone follows the example. (docs/content.md's examples'
 * media lies in media/, which Git ignores.)
 */
const EXAMPLE = /(^|\/)([a-z](\.\w+)?(\/|$)|reel-2022([./]|$))/;
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
/** package.json's import aliases, `#model/` → `model/`. */
const aliases = Object.entries(packageJson.imports).map(([alias, target]) => ({
  alias: alias.replace(/\*$/, ""),
  folder: target.replace(/^\.\//, "").replace(/\*$/, ""),
}));

/**
 * Classifies one word of code as a path of the repo, or as nothing to check (a URL, a command, a package). `from`:
 * the folder of the file it is in, which a `./` or `../` path starts from.
 */
function classify(word: string, topLevel: Set<string>, from: string): Omit<Cited, "line"> | undefined {
  const text = word.replace(/^[("'`]+|[)"'`,.;:]+$/g, "").replace(/['’]s$/, "");
  if (!text || PATTERN.test(text) || EXAMPLE.test(text) || MIME_TYPE.test(text) || text.includes("://")) return;
  // An import alias (`#model/content.ts`) stands for its folder; any other `#` is an anchor or a number.
  if (text.startsWith("#")) {
    const found = aliases.find(({ alias }) => text.startsWith(alias));
    return (
      found && { text, kind: "rooted", target: (found.folder + text.slice(found.alias.length)).replace(/\/$/, "") }
    );
  }
  // A URL path of the site, a package or an alias (`@videojs/xhr`, `~/lib`), or a command's flag.
  if (/^[/@~-]/.test(text)) return;
  const target = text.replace(/(:\d+)+$/, "").replace(/\/$/, "");
  if (/^\.\.?\//.test(target)) {
    const resolved = path.posix.join(from, target);
    // The root itself, or a path out of the repo (a test's `../../..`), is no file of it to look for.
    return resolved === "." || resolved.startsWith("../") ? undefined : { text, kind: "rooted", target: resolved };
  }
  const [first] = target.split("/");
  if (target.includes("/")) {
    if (topLevel.has(first)) return { text, kind: "rooted", target };
    // A package's own file (`lighthouse/core/…`, `global/window`), a MIME type (`text/vtt`), a host's page
    // (`developer.mozilla.org/…`) or a version (`HTTP/1.1`) is not the repo's.
    if (packages.has(first) || !/\.[a-z]\w*$/i.test(target) || first.includes(".")) return;
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
        for (const word of line.split(/\s+/)) add(classify(word, topLevel, path.posix.dirname(doc)));
        return;
      }
      for (const [, href] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][\w+.-]*:/i.test(href) || href.startsWith("#")) continue;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc), href.replace(/#.*$/, "")));
        add({ text: href, kind: "link", target: target.replace(/\/$/, "") });
      }
      for (const [, code] of line.matchAll(/`([^`]+)`/g)) {
        for (const word of code.split(/\s+/)) add(classify(word, topLevel, path.posix.dirname(doc)));
      }
    });
  return cited;
}

/** The folders of code whose comments are read, with the root's own code (its config files) as ".". */
const CODE_FOLDERS = [
  ".",
  "app",
  "model",
  "content-check",
  "media-build",
  "media-publish",
  "demo",
  "lib",
  "edit",
  "server",
  "scripts",
  "tests",
];
const CODE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * Each line of the comments in a code file, with its number. Parsed, so a `//` in a string, a template or a regular
 * expression is not taken for one, nor is an import's specifier (code, which the type check and lint look after).
 */
function commentLines(file: string): { line: number; text: string }[] {
  const code = readFileSync(path.join(ROOT, file), "utf8");
  const kind = /x$/.test(file) ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, kind);
  const lines: { line: number; text: string }[] = [];
  const seen = new Set<number>();
  // Every comment is in the trivia before some token (the end of the file's included); the text of JSX is no trivia.
  const visit = (node: ts.Node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      for (const { pos, end } of ts.getLeadingCommentRanges(code, node.pos) ?? []) {
        if (seen.has(pos)) continue;
        seen.add(pos);
        const first = source.getLineAndCharacterOfPosition(pos).line + 1;
        code
          .slice(pos, end)
          .split("\n")
          .forEach((text, index) => lines.push({ line: first + index, text }));
      }
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return lines;
}

/** Every path the comments of `file` name: each word, as in a doc's code. */
function commentPaths(file: string, topLevel: Set<string>): Cited[] {
  return commentLines(file).flatMap(({ line, text }) =>
    text
      .replace(/^\s*(\/\/+|\/\*+|\*+(?!\/))/, "")
      .replace(/\*+\/\s*$/, "")
      .split(/\s+/)
      .flatMap((word) => {
        const found = classify(word, topLevel, path.posix.dirname(file));
        return found ? [{ line, ...found }] : [];
      }),
  );
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

  /**
   * What of the paths each file cites names no file or folder: one line each, `file:line: path … does not exist`.
   * `within`: folders a path may also be read from (`server/{file}.ts` in a comment under edit/ may be edit/'s).
   */
  function missing(cites: { file: string; cited: Cited[]; within?: string[] }[]): string[] {
    const outputs = ignored([
      ...new Set(cites.flatMap(({ cited }) => cited.filter(({ kind }) => kind !== "name").map(({ target }) => target))),
    ]);
    return cites.flatMap(({ file, cited, within = [] }) =>
      cited
        .filter(({ kind, target }) => {
          if (kind === "name") return !names.has(target);
          if (outputs.has(target)) return false;
          if (kind === "relative") return !files.some((repoFile) => repoFile.endsWith(`/${target}`));
          return !known.has(target) && !within.some((folder) => known.has(`${folder}/${target}`));
        })
        .map(({ line, text, kind }) => `${file}:${line}: ${kind === "link" ? "link" : "path"} ${text} does not exist`),
    );
  }

  test.each(docs)("%s names only files and folders that exist", (doc) => {
    expect(missing([{ file: doc, cited: citedPaths(doc, topLevel) }])).toEqual([]);
  });

  /** A comment may name a path from its own folder or any folder above it, up to its top-level one. */
  const foldersOf = (file: string) => {
    const folders: string[] = [];
    for (let dir = path.posix.dirname(file); dir !== "."; dir = path.posix.dirname(dir)) folders.push(dir);
    return folders;
  };

  test.each(CODE_FOLDERS)(
    "the comments of the code in %s/ name only files and folders that exist",
    (folder) => {
      const code = files.filter(
        (file) => CODE_FILE.test(file) && (folder === "." ? !file.includes("/") : file.startsWith(`${folder}/`)),
      );
      expect(code.length).toBeGreaterThan(0);
      const cites = code.map((file) => ({ file, cited: commentPaths(file, topLevel), within: foldersOf(file) }));
      expect(missing(cites)).toEqual([]);
    },
    // Parsing a folder's code takes a second or two; more on a machine others load.
    30_000,
  );
});

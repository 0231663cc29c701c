/**
 * Reads app/content/ into the object the shapes take, remembering each part's file and line, and
 * the films media/manifest.json records. A Markdown file's body is kept as written.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { isNode, LineCounter, parseDocument } from "yaml";

import type { Film } from "#model/content.ts";
import type { CaptionFormat } from "#model/cues/captions.ts";
import { CONTENT_DIR, type ContentBody, FOLDERS, readCaptionsFileName, SINGLE_FILES } from "#model/content-files.ts";
import { PAGES_FILE } from "#model/content-pages.ts";

/** Where a part of the content comes from: "app/content/artists/directors/x.md", at ["artists", "directors", "x"]. */
export interface ContentFile {
  name: string;
  at: string[];
}

export interface ReadFile extends ContentFile {
  /** The line of the field at `fieldPath` (of its nearest existing parent if absent). */
  lineOf(fieldPath: readonly PropertyKey[]): number;
}

/** A captions file beside a reel's. */
export interface CaptionsFile {
  name: string;
  slug: string;
  lang: string;
  format: CaptionFormat;
  text: string;
}

export interface ContentRead {
  /** The content object, keyed as `contentShape` wants it; parts that could not be read are left out. */
  content: Record<string, unknown>;
  files: ReadFile[];
  captions: CaptionsFile[];
  /** From media/manifest.json: the film of each output made from one, and every output's site path. */
  films: Record<string, Film>;
  outputs: Set<string>;
  /** Files that could not be read at all (YAML syntax, no front matter), one line each with file and line. */
  problems: string[];
}

/** The file the part of the content at `contentPath` comes from, if any. */
export function fileOf(contentPath: readonly PropertyKey[]): ContentFile | undefined {
  const single = SINGLE_FILES.find((file) => contentPath[0] === file.at[0]);
  if (single) return { name: `${CONTENT_DIR}/${single.path}`, at: single.at };
  const folder = FOLDERS.find((candidate) => candidate.at.every((key, index) => contentPath[index] === key));
  const entry = folder ? contentPath[folder.at.length] : undefined;
  if (folder === undefined || typeof entry !== "string") return undefined;
  return { name: `${CONTENT_DIR}/${folder.path}/${entry}.md`, at: [...folder.at, entry] };
}

/** Reads the content of the project at `root` (its app/content/ folder). */
export function readContentFiles(root: string): ContentRead {
  const read: ContentRead = { content: {}, files: [], captions: [], films: {}, outputs: new Set(), problems: [] };
  readFilms(root, read);
  const contentDir = path.join(root, CONTENT_DIR);
  for (const layout of SINGLE_FILES) {
    const name = `${CONTENT_DIR}/${layout.path}`;
    if (existsSync(path.join(root, name))) readFile(root, name, layout.at, layout.body, read);
    else read.problems.push(`${name}: is missing`);
  }
  read.problems.push(...strayFiles(contentDir));
  for (const folder of FOLDERS) {
    place(read.content, folder.at, {});
    const dir = path.join(contentDir, folder.path);
    const entries = existsSync(dir)
      ? readdirSync(dir)
          .filter((entry) => !entry.startsWith("."))
          .sort()
      : [];
    for (const entry of entries) {
      const name = `${CONTENT_DIR}/${folder.path}/${entry}`;
      const captions = folder.path === "reels" ? readCaptionsFileName(entry) : undefined;
      if (entry.endsWith(".md")) readFile(root, name, [...folder.at, entry.slice(0, -".md".length)], folder.body, read);
      else if (captions) {
        read.captions.push({ name, ...captions, text: readFileSync(path.join(root, name), "utf8") });
      } else if (folder.path === "reels") {
        read.problems.push(
          `${name}: only {slug}.md files and their captions ({slug}.{language}.vtt or .srt, e.g. reel-2020.en.vtt) belong in reels/: rename or move this one`,
        );
      } else read.problems.push(`${name}: only {name}.md files belong in ${folder.path}/: rename or move this one`);
    }
  }
  return read;
}

const MANIFEST = "media/manifest.json";

/** The media build's record of its outputs and their films; none before anything was made. */
function readFilms(root: string, read: ContentRead) {
  const file = path.join(root, MANIFEST);
  if (!existsSync(file)) return;
  let manifest: Record<string, { film?: Film }>;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8")) as typeof manifest;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    read.problems.push(
      `${MANIFEST}: cannot be read (${reason}): restore it (git checkout -- ${MANIFEST}) and run npm run media`,
    );
    return;
  }
  read.outputs = new Set(Object.keys(manifest));
  read.films = Object.fromEntries(
    Object.entries(manifest).flatMap(([site, entry]) => (entry.film ? [[site, entry.film]] : [])),
  );
}

/** What app/content/ and app/content/artists/ hold besides code. */
const TOP_LEVEL = new Set([...SINGLE_FILES, ...FOLDERS].map((entry) => entry.path.split("/")[0]));
const IN_ARTISTS = new Set(
  FOLDERS.flatMap((folder) => (folder.path.startsWith("artists/") ? [folder.path.slice("artists/".length)] : [])),
);

/** The build's output that is neither code nor content: build.ts writes it beside the module. */
const BUILT = path.basename(PAGES_FILE);

/** Anything else there (`contact.yml`, `artists/directors/`) is named, so a misplaced file is not silently left out. */
function strayFiles(contentDir: string): string[] {
  const stray = (dir: string, expected: Set<string>) =>
    existsSync(path.join(contentDir, dir))
      ? readdirSync(path.join(contentDir, dir))
          .filter(
            (entry) => !entry.startsWith(".") && !/\.(ts|js)$/.test(entry) && entry !== BUILT && !expected.has(entry),
          )
          .map(
            (entry) =>
              `${CONTENT_DIR}/${dir}${entry}: not a file the site reads; docs/content.md lists where content goes`,
          )
      : [];
  return [...stray("", TOP_LEVEL), ...stray("artists/", IN_ARTISTS)];
}

function readFile(root: string, name: string, at: string[], body: ContentBody | undefined, read: ContentRead) {
  // Editors on Windows may save CRLF line ends and a byte-order mark; the content keeps plain "\n".
  const text = readFileSync(path.join(root, name), "utf8")
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n");
  const parts = body ? splitFrontMatter(text) : { yaml: text, firstLine: 1, body: "", bodyLine: 1 };
  if (parts === undefined) {
    read.problems.push(
      `${name}:1: must start with a line of three dashes (---), then the fields, then another --- line`,
    );
    return;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(parts.yaml, { lineCounter, prettyErrors: false });
  const lineAt = (offset: number) => parts.firstLine - 1 + lineCounter.linePos(offset).line;
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      read.problems.push(`${name}:${lineAt(error.pos[0])}: YAML syntax: ${error.message.split("\n")[0]}`);
    }
    return;
  }
  const data: unknown = doc.toJS();
  const fieldLine = (fieldPath: readonly PropertyKey[]) => {
    for (let depth = fieldPath.length; depth >= 0; depth--) {
      const node = doc.getIn(fieldPath.slice(0, depth), true);
      if (isNode(node) && node.range) return lineAt(node.range[0]);
    }
    return parts.firstLine;
  };
  const lineOf = (fieldPath: readonly PropertyKey[]) =>
    body && fieldPath[0] === body.field ? parts.bodyLine : fieldLine(fieldPath);
  read.files.push({ name, at, lineOf });
  if (body && typeof data === "object" && data !== null && !Array.isArray(data)) {
    if (Object.hasOwn(data, body.field)) {
      const where = `the text below the second --- line is the ${body.field}: remove this field`;
      read.problems.push(`${name}:${fieldLine([body.field])}: ${body.field}: ${where}`);
      return;
    }
    const value = body.as === "text" ? parts.body : parts.body.split(/\n(?:[ \t]*\n)+/).filter((p) => p !== "");
    place(read.content, at, { ...data, [body.field]: value });
  } else {
    place(read.content, at, data);
  }
}

/** A Markdown file's YAML fields and body, with the lines they start on; undefined without front matter. */
function splitFrontMatter(text: string) {
  const source = text.endsWith("\n") ? text : `${text}\n`;
  if (!source.startsWith("---\n")) return undefined;
  const close = source.indexOf("\n---\n", 3);
  if (close === -1) return undefined;
  const rest = source.slice(close + "\n---\n".length);
  // Blank lines after the fields and trailing space are layout, not part of the text.
  const leading = /^(?:[ \t]*\n)*/.exec(rest)?.[0] ?? "";
  const linesBefore = (upTo: number) => source.slice(0, upTo).split("\n").length;
  return {
    yaml: source.slice("---\n".length, close + 1),
    firstLine: 2,
    body: rest.slice(leading.length).trimEnd(),
    bodyLine: linesBefore(close + "\n---\n".length + leading.length),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Sets `content[at[0]][at[1]]…` to `value`, making the objects on the way. */
function place(content: Record<string, unknown>, [key, ...rest]: string[], value: unknown) {
  if (rest.length === 0) {
    content[key] = value;
    return;
  }
  const child = content[key];
  const parent = isRecord(child) ? child : {};
  content[key] = parent;
  place(parent, rest, value);
}

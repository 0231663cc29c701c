/**
 * Checks the content files against the schemas in schema.ts and words each problem for the person
 * editing them: the file and line, the field, then what is wrong, one line each, e.g.
 *   app/content/artists/film/jane-doe.md:5: thumb: /videos/jane-doe.mp4 is not in public/
 *   app/content/clients.yaml:130: clientNames[12]: "acme" must be in capitals
 * Build-time only (it reads public/): the app never imports it.
 */
import { statSync } from "node:fs";
import { join } from "node:path";

import type { z } from "zod";

import { type CaptionTrack, checkCues, languageLabel, parseCaptions } from "../reel/captions";
import { type ContentRead, fileOf, type ReadFile } from "./contentFiles";
import { compileContent, type Content, contentSchema } from "./schema";

/** `warnings`: what the build lets through but an operator should see (hard-to-read captions). */
export type ContentResult =
  | { content: Content; problems: []; warnings: string[] }
  | { content: undefined; problems: string[]; warnings: string[] };

/** Where the media the content names are: in `publicDir`, or (`remote`) in a bucket or CDN, as recorded in media/manifest.json. */
export interface MediaPlace {
  /** `null`: not made yet (the media script's own reading): taken as present, nothing checked against the films. */
  publicDir: string | null;
  /** The media are served from MEDIA_ORIGIN, not public/: a path must be an output the media build recorded. */
  remote?: boolean;
  /** Called with each media path the content names (for `content:check --remote`, which asks MEDIA_ORIGIN for each). */
  named?(sitePath: string): void;
}

/**
 * The compiled content, or every problem in it, one readable line each. The media files it names
 * are looked for where `place` says, and the films they were made from in the media build's record.
 */
export function validateContent(read: ContentRead, { publicDir, remote = false, named }: MediaPlace): ContentResult {
  // A file that could not be read is missing from the content: its fields would all be reported too.
  if (read.problems.length > 0) return { content: undefined, problems: read.problems, warnings: [] };
  const exists = (sitePath: string) => {
    named?.(sitePath);
    if (publicDir === null) return true;
    if (remote) return read.outputs.has(sitePath);
    return statSync(join(publicDir, sitePath), { throwIfNoEntry: false })?.isFile() ?? false;
  };
  const film = publicDir === null ? undefined : (sitePath: string) => read.films[sitePath];
  const where = remote ? "media/manifest.json (the media npm run media made, held at MEDIA_ORIGIN)" : "public/";
  const result = contentSchema({ exists, film, where }).safeParse(read.content, { error: describeIssue });
  if (!result.success) return { content: undefined, problems: result.error.issues.map((issue) => formatIssue(issue, read.files)), warnings: [] };
  const durations = Object.fromEntries(Object.entries(result.data.reels).map(([slug, reel]) => [slug, reel.duration]));
  const { captions, problems, warnings } = checkCaptions(read.captions, durations);
  if (problems.length > 0) return { content: undefined, problems, warnings };
  return { content: compileContent(result.data, captions), problems: [], warnings };
}

/**
 * Each reel's captions by slug, from the captions files beside the reels (`durations` by slug):
 * every cue that cannot be read or breaks a rule is a problem, named by file and line; a reel with
 * no captions at all is a warning.
 */
function checkCaptions(files: ContentRead["captions"], durations: Record<string, number>) {
  const captions: Record<string, CaptionTrack[]> = {};
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const file of files) {
    const duration = durations[file.slug];
    if (duration === undefined) {
      problems.push(`${file.name}:1: there is no reel "${file.slug}" (app/content/reels/${file.slug}.md) for these captions: rename the file after its reel`);
      continue;
    }
    let lang: string;
    try {
      [lang] = Intl.getCanonicalLocales(file.lang);
    } catch {
      problems.push(`${file.name}:1: "${file.lang}" is not a language tag: name the file {reel}.{language}.${file.format}, e.g. ${file.slug}.en.${file.format}`);
      continue;
    }
    const parsed = parseCaptions(file.text, file.format);
    const checked = checkCues(parsed.cues, duration);
    problems.push(...[...parsed.errors, ...checked.errors].sort((a, b) => a.line - b.line).map(({ line, message }) => `${file.name}:${line}: ${message}`));
    warnings.push(...checked.warnings.map(({ line, message }) => `${file.name}:${line}: ${message}`));
    if (parsed.errors.length === 0 && parsed.cues.length === 0) problems.push(`${file.name}:1: has no cues`);
    if (captions[file.slug]?.some((track) => track.lang === lang)) {
      problems.push(`${file.name}:1: ${file.slug} has captions in "${lang}" twice (a .vtt and an .srt?): keep one`);
      continue;
    }
    (captions[file.slug] ??= []).push({ lang, label: languageLabel(lang), cues: parsed.cues.map(({ start, end, text }) => ({ start, end, text })) });
  }
  // Let through (a reel can go up before its captions are written), but never silently.
  for (const slug of Object.keys(durations).filter((slug) => !files.some((file) => file.slug === slug))) {
    warnings.push(`app/content/reels/${slug}.md:1: has no captions file: without one its page fails WCAG 1.2.2 Captions; add ${slug}.en.vtt (or .srt) beside it (docs/reels.md)`);
  }
  return { captions, problems, warnings };
}

/** Words zod's generic issues (wrong type, missing field, value outside a set); schema.ts words the rest. */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "is missing" : `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "invalid_value": {
      const allowed = issue.values.map((value) => JSON.stringify(value)).join(", ");
      const use = issue.values.length > 1 ? `one of ${allowed}` : allowed;
      return `${JSON.stringify(issue.input)} is not allowed here; use ${use}`;
    }
    case "unrecognized_keys":
      return `unknown field ${issue.keys
        .map((key) => JSON.stringify(key))
        .join(", ")}: check the spelling, or remove it`;
    default:
      return undefined;
  }
}

const TYPE_NAMES: Partial<Record<string, string>> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list (lines starting with -)",
  object: "fields (name: value)",
  record: "fields (name: value)",
  undefined: "left out",
};

/**
 * "file:line: field: message", the field written as in the file (`recentWorkThumbs[2].url`).
 * Without the line when the file was not read (the content was built otherwise, as in tests).
 */
function formatIssue(issue: z.core.$ZodIssue, files: ReadFile[]): string {
  const file = fileOf(issue.path);
  if (file === undefined) {
    const where = issue.path.length === 0 ? "app/content/" : `app/content/ ${describePath(issue.path)}`;
    return `${where}: ${issue.message}`;
  }
  const fieldPath = issue.path.slice(file.at.length);
  // An unknown field's line is its own, not that of the entry holding it.
  const linePath = issue.code === "unrecognized_keys" ? [...fieldPath, issue.keys[0]] : fieldPath;
  const read = files.find((candidate) => candidate.name === file.name);
  const where = read ? `${file.name}:${read.lineOf(linePath)}` : file.name;
  return fieldPath.length === 0 ? `${where}: ${issue.message}` : `${where}: ${describePath(fieldPath)}: ${issue.message}`;
}

/** ["recentWorkThumbs", 2, "url"] → "recentWorkThumbs[2].url" */
function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === "number" ? `[${segment}]` : `${index === 0 ? "" : "."}${String(segment)}`,
    )
    .join("");
}

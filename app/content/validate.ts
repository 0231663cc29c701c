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

import { type ContentRead, fileOf, type ReadFile } from "./contentFiles";
import { compileContent, type Content, contentSchema } from "./schema";

export type ContentResult = { content: Content; problems: [] } | { content: undefined; problems: string[] };

/**
 * The compiled content, or every problem in it, one readable line each. The media files it names
 * are looked for in `publicDir`; `null` takes them as present, for the media script, which makes them.
 */
export function validateContent(read: ContentRead, { publicDir }: { publicDir: string | null }): ContentResult {
  // A file that could not be read is missing from the content: its fields would all be reported too.
  if (read.problems.length > 0) return { content: undefined, problems: read.problems };
  const exists = (sitePath: string) =>
    publicDir === null || (statSync(join(publicDir, sitePath), { throwIfNoEntry: false })?.isFile() ?? false);
  const result = contentSchema({ exists }).safeParse(read.content, { error: describeIssue });
  if (result.success) return { content: compileContent(result.data), problems: [] };
  return { content: undefined, problems: result.error.issues.map((issue) => formatIssue(issue, read.files)) };
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

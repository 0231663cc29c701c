/**
 * Checks content against the schemas in schema.ts and words each problem for the person editing
 * the content: the file, the entry and the field, then what is wrong, one line each, e.g.
 *   artists: film "jane-doe".thumb: /videos/jane-doe.mp4 is not in public/
 *   artists: photographers[3].name: must not be empty
 * An entry is named by its id (or a reel's slug) when it has a valid one, by its index otherwise.
 * Build-time only (it reads public/): the app never imports it.
 */
import { statSync } from "node:fs";
import { join } from "node:path";

import type { z } from "zod";

import { artists } from "./artists";
import { biography, testimonials } from "./biography";
import { clientLogos, clientNames } from "./clients";
import { contact } from "./contact";
import { reels } from "./reels";
import { contentSchema, slugOf } from "./schema";
import { site } from "./site";

/** The site's content as `validateContent` takes it: keyed by file, then by what the file exports. */
export const siteContent = {
  artists,
  reels,
  clients: { clientLogos, clientNames },
  biography: { biography, testimonials },
  contact,
  site,
};

/** Every problem in `content`, one readable line each; none when the content is valid. */
export function validateContent(content: unknown, { publicDir }: { publicDir: string }): string[] {
  const exists = (sitePath: string) =>
    statSync(join(publicDir, sitePath), { throwIfNoEntry: false })?.isFile() ?? false;
  const result = contentSchema({ exists }).safeParse(content, { error: describeIssue });
  return result.success ? [] : result.error.issues.map((issue) => formatIssue(issue, content));
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
  string: "text in quotes",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list [ … ]",
  object: "an entry { … }",
  undefined: "left out",
};

/** "file: entry.field: message", where the entry is named as the module comment says. */
function formatIssue(issue: z.core.$ZodIssue, content: unknown): string {
  const [file, ...path] = issue.path;
  if (file === undefined) return `content: ${issue.message}`;
  const fileContent = typeof content === "object" && content !== null ? Reflect.get(content, file) : undefined;
  const where = describePath(fileContent, path);
  return where === "" ? `${String(file)}: ${issue.message}` : `${String(file)}: ${where}: ${issue.message}`;
}

/** ["film", 3, "thumb"] → `film "jane-doe".thumb` (or `film[3].thumb` when entry 3 has no valid id). */
function describePath(root: unknown, path: PropertyKey[]): string {
  let described = "";
  let value = root;
  for (const segment of path) {
    value = typeof value === "object" && value !== null ? Reflect.get(value, segment) : undefined;
    if (typeof segment === "number") {
      const slug = slugOf(value, "id") ?? slugOf(value, "slug");
      described += slug === undefined ? `[${segment}]` : `${described === "" ? "" : " "}"${slug}"`;
    } else {
      described += `${described === "" ? "" : "."}${String(segment)}`;
    }
  }
  return described;
}

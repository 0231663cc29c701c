/**
 * A problem in the content, worded for the person editing it:
 *   app/content/clients.yaml:130: clientNames[12]: "acme" must be in capitals
 */
import type { z } from "zod";

import { fileOf, type ReadFile } from "./read.ts";

export interface Problem {
  /** Undefined when no file holds that part. */
  file: string | undefined;
  /** The field inside the file, e.g. ["recentWorkThumbs", 2, "url"]. */
  path: PropertyKey[];
  message: string;
  /** Where the check knows it (a captions file); else found from `path`. */
  line?: number;
}

/** A problem with the part of the content at `contentPath` (e.g. ["artists", "directors", "jane-doe", "thumb"]). */
export function problemAt(contentPath: readonly PropertyKey[], message: string): Problem {
  const file = fileOf(contentPath);
  return file
    ? { file: file.name, path: contentPath.slice(file.at.length), message }
    : { file: undefined, path: [...contentPath], message };
}

/** A problem zod found with a shape; an unknown field's line is its own, not that of the entry holding it. */
export function problemOf(issue: z.core.$ZodIssue, files: ReadFile[]): Problem {
  const problem = problemAt(issue.path, issue.message);
  if (issue.code !== "unrecognized_keys") return problem;
  const read = files.find((candidate) => candidate.name === problem.file);
  return { ...problem, line: read?.lineOf([...problem.path, issue.keys[0]]) };
}

/** Words zod's generic issues (wrong type, missing field, value outside a set); the shapes (model/shapes/) word the rest. */
export function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
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

/** "file:line: field: message"; without the line when the file was not read (as in tests). */
export function formatProblem({ file, path, message, line }: Problem, files: ReadFile[]): string {
  if (file === undefined)
    return `${path.length === 0 ? "app/content/" : `app/content/ ${describePath(path)}`}: ${message}`;
  const read = files.find((candidate) => candidate.name === file);
  const at = line ?? read?.lineOf(path);
  const where = at === undefined ? file : `${file}:${at}`;
  return path.length === 0 ? `${where}: ${message}` : `${where}: ${describePath(path)}: ${message}`;
}

/** ["recentWorkThumbs", 2, "url"] → "recentWorkThumbs[2].url" */
function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === "number" ? `[${segment}]` : `${index === 0 ? "" : "."}${String(segment)}`,
    )
    .join("");
}

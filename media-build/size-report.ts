/** The size of the outputs by kind, and of public/, printed after a run that made something. */
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

import { outputOf } from "./files.ts";
import { type Job, OUTPUT_KINDS, type OutputKind } from "./kinds.ts";

/** Bytes in a file, or in a folder and everything under it. */
async function sizeOf(file: string): Promise<number> {
  const info = await stat(file);
  if (!info.isDirectory()) return info.size;
  const entries = await readdir(file);
  const sizes = await Promise.all(entries.map((entry) => sizeOf(path.join(file, entry))));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The size of the outputs by kind, and of public/. */
export async function sizeReport(jobs: Job[], root: string): Promise<string[]> {
  const byKind = new Map<OutputKind, { count: number; bytes: number }>();
  // An output a failed source never made has no size.
  for (const job of jobs.filter((each) => existsSync(outputOf(root, each)))) {
    const entry = byKind.get(job.kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += await sizeOf(outputOf(root, job));
    byKind.set(job.kind, entry);
  }
  return [
    "sizes by kind:",
    ...[...byKind].map(
      ([kind, { count, bytes }]) =>
        `  ${OUTPUT_KINDS[kind].label.padEnd(28)} ${String(count).padStart(3)}  ${megabytes(bytes).padStart(9)}`,
    ),
    `total size of public/: ${megabytes(await sizeOf(path.join(root, "public")))}`,
  ];
}

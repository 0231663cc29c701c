/**
 * The processes of the benchmark's editing service (edit-service-instance.mjs), read from /proc: each one's
 * parent and name, a tree's members, their resident memory, and a wait until the tree is nearly idle.
 */
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

import { cpuTimeWithReaped } from "./cpu-time.mjs";

const MINUTE = 60_000;
/**
 * Before each measurement, the service and what it started must have been nearly idle (under this share of one
 * core over the window): its start (the screen's bundle, the preview's first build) and a save's aftermath (the
 * preview rebuilding the site) would otherwise be timed with the next.
 */
const SETTLE = { windowMs: 2_000, share: 0.1, maxMs: 2 * MINUTE };

/** Each live process's name and parent, from /proc. */
export function processTable() {
  const table = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      // After the name (which may hold spaces): state, ppid; proc(5).
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z") table.set(Number(entry), { name, ppid: Number(ppid) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return table;
}

/** `root` and every process under it in `table`, whatever group each has put itself in. */
export function treeOf(root, table) {
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of table)
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
  }
  return new Set([...found].filter((pid) => table.has(pid)));
}

export const descendants = (root) => treeOf(root, processTable());

/** A process's resident memory in MiB; 0 once it has ended. */
export function residentMiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Waits (up to SETTLE.maxMs) until `pid` and its processes have been nearly idle for a window. */
export async function settle(pid) {
  for (let waited = 0; waited < SETTLE.maxMs; waited += SETTLE.windowMs) {
    // With what the tree reaps meanwhile: a process ending in the window takes its time with it otherwise.
    const before = cpuTimeWithReaped(descendants(pid));
    await sleep(SETTLE.windowMs);
    if (cpuTimeWithReaped(descendants(pid)) - before < SETTLE.windowMs * 1000 * SETTLE.share) return;
  }
  console.error(`edit: the service was still busy after ${SETTLE.maxMs / 1000} s; measuring anyway`);
}

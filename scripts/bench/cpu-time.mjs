/**
 * The CPU time processes have spent, read from Linux's /proc. Written here rather than taken from a
 * library: pidusage and its kind report one process's CPU share over their own sampling interval,
 * while the cluster section needs the running total of whole process groups (varnishd forks its
 * cache process into its group), read just before and just after a load; the edit section, the whole
 * cost of a save whose ffmpegs come and go.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/** Clock ticks in µs. */
const micros = (ticks) => (ticks / TICKS_PER_SECOND) * 1e6;

/** The fields of /proc/<pid>/stat after the command's name (which may hold spaces), or undefined once it has gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/**
 * The CPU time in µs, user and system, every thread, that the processes `pids` and every process in
 * the process groups `groups` have spent so far. A child a process has already reaped is not counted.
 * @param {{ pids?: number[], groups?: number[] }} processes
 */
export function cpuTime({ pids = [], groups = [] }) {
  const byPid = new Set(pids.map(String));
  const byGroup = new Set(groups.map(String));
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(pid);
    // After the name: state, ppid, pgrp (2), …, utime (11), stime (12); proc(5).
    if (fields && (byPid.has(pid) || byGroup.has(fields[2]))) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return micros(ticks);
}

/**
 * The CPU time in µs that the processes `pids` have spent so far, with what the children each has reaped
 * had spent (cutime, cstime: a finished process's time passes to its parent when reaped), so that work
 * whose processes come and go (a media build's ffmpegs) is counted whole while their parent is in `pids`.
 * @param {Iterable<number>} pids
 */
export function cpuTimeWithReaped(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return micros(ticks);
}

/** What the children `pid` has reaped had spent, in µs, none of its own: the cost of commands it ran to their end. */
export function reapedCpuTime(pid) {
  const fields = statFields(pid);
  return fields ? micros(Number(fields[13]) + Number(fields[14])) : 0;
}

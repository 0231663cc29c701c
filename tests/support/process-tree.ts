/** The machine's processes as /proc tells them: who started whom, and with what command. */
import { readdir, readFile } from "node:fs/promises";

/** Each process's parent, from /proc. */
export async function parents(): Promise<Map<number, number>> {
  const parentOf = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid) parentOf.set(Number(entry), ppid);
  }
  return parentOf;
}

/** `root` and every process it started, and they started, from `parentOf` (parents()). */
export function descendantsOf(root: number, parentOf: Map<number, number>): Set<number> {
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf)
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
  }
  return found;
}

/** The command lines of `root`'s descendants (their arguments joined by spaces); "" for one gone meanwhile. */
export async function descendantCommands(root: number): Promise<string[]> {
  const tree = descendantsOf(root, await parents());
  tree.delete(root);
  return Promise.all(
    [...tree].map(async (pid) =>
      (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).replaceAll("\0", " "),
    ),
  );
}

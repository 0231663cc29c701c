/**
 * The team's service's journal of saves (decision 17): each save answered and not yet landed, one
 * file in a folder under EDIT_DATA, written before its answer, removed once it has landed, kept
 * aside or failed. What a stop leaves there is taken up by save-pipeline.ts's `resume()` when the
 * service starts. None for `npm run edit`: its working copy is the save.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { reasonOf } from "#media-build/failures.ts";
import type { Save as ScreenSave } from "./save-gate.ts";
import type { Author, SaveEntry, SaveRecord } from "./save-state.ts";

/** What the journal keeps of a save: enough to land it again after a restart (its files are in the working copy). */
export interface Journaled {
  author: Author;
  /** The save's entry; an entry journaled by an earlier version has its `subject` instead. */
  entry?: SaveEntry;
  subject?: string;
  date: string;
  save: ScreenSave;
  touched: string[];
  /** Whether it brought media to make: they are planned again from the content on disk. */
  media: boolean;
}

/** The journal in `folder`; one that keeps nothing when there is none. */
export function saveJournal(folder: string | undefined) {
  /** Each journaled save's file, until it has landed. */
  const files = new Map<SaveRecord, string>();
  let count = 0;

  return {
    /** `record`'s save written whole before anything of it lands (a stop mid-write leaves only a .tmp); once. */
    async keep(record: SaveRecord, entry: Journaled) {
      if (folder === undefined || files.has(record)) return;
      const file = path.join(folder, `${Date.now()}-${String(++count).padStart(6, "0")}.json`);
      try {
        await mkdir(folder, { recursive: true });
        await writeFile(`${file}.tmp`, JSON.stringify(entry), { flush: true });
        await rename(`${file}.tmp`, file);
        files.set(record, file);
      } catch (error) {
        // The save still lands now; only a stop before it has would lose track of it.
        console.error(`the save could not be journaled: ${reasonOf(error)}`);
      }
    },

    /** `record`'s save has landed (or failed): its entry goes. */
    async forget(record: SaveRecord) {
      const file = files.get(record);
      files.delete(record);
      if (file !== undefined) await rm(file, { force: true });
    },

    /**
     * The entries a stop left, in the order their saves were answered. A .tmp is an entry a stop cut
     * short, before the save it was for went further than its answer: removed.
     */
    async left(): Promise<string[]> {
      if (folder === undefined || !existsSync(folder)) return [];
      const kept = [];
      for (const name of (await readdir(folder)).sort()) {
        if (name.endsWith(".json")) kept.push(path.join(folder, name));
        else await rm(path.join(folder, name), { force: true });
      }
      return kept;
    },

    /** The entry in `file` (one of `left()`'s); undefined, said in the log, when it cannot be read. */
    async read(file: string): Promise<Journaled | undefined> {
      try {
        return JSON.parse(await readFile(file, "utf8")) as Journaled;
      } catch (error) {
        console.error(`a journaled save could not be read, left in ${file}: ${reasonOf(error)}`);
        return undefined;
      }
    },

    /** `file`'s entry is `record`'s save again, taken up: forgotten once it lands. */
    adopt(record: SaveRecord, file: string) {
      files.set(record, file);
    },
  };
}

/** Writes the demo's sources into media/'s empty slots; `npm run media` then treats them as an operator's files. */
import path from "node:path";

import { mapLimited } from "#lib/pool.ts";
import { countedLog, secondsSince } from "#lib/progress.ts";
import { removeLeftovers, writeAtomically } from "#media-build/files.ts";
import { isSourceJob, type Job, type Source, type SourceOf } from "#media-build/kinds.ts";
import { readManifest } from "#media-build/manifest.ts";
import { CONCURRENCY, type RunOptions } from "#media-build/run-options.ts";
import { expectedName, findSource, listSources } from "#media-build/sources.ts";
import { MEDIA_DIR } from "#model/media-paths.ts";
import { requireDemoFonts } from "./fonts.ts";
import { AGENT } from "./art-direction.ts";
import * as demo from "./sources.ts";

type MakeSource = (of: SourceOf, out: string, display: string) => Promise<void>;

/** The demo's source of `of`, written to `out`. */
export function demoSource(of: SourceOf, out: string, display: string): Promise<void> {
  switch (of.kind) {
    case "directorClip":
      return demo.directorFootage(of.artist, out, display);
    case "directorWork":
      return demo.directorWorkFootage(of.artist, of.index, out, display);
    case "photograph":
      return demo.photograph(of.artist, out);
    case "photographerWork":
      return demo.photographerWork(of.artist, of.index, out);
    case "bioPhoto":
      return demo.bioPhoto(of.artist.id, out);
    case "agentPhoto":
      return demo.bioPhoto(AGENT, out);
    case "reel":
      requireDemoFonts();
      return demo.reelFootage(of.reel, out, display);
    case "logo":
      requireDemoFonts();
      return demo.logo(of.client, out);
  }
}

/**
 * Fills every empty slot of media/ but one whose outputs an operator's file made (the manifest says
 * so): the demo never replaces real media.
 */
export async function writeDemoSources(jobs: Job[], options: RunOptions, make: MakeSource = demoSource): Promise<void> {
  const { root, log } = options;
  await removeLeftovers(path.join(root, MEDIA_DIR));
  const listing = await listSources(root);
  const manifest = await readManifest(root);
  const slots = new Map<string, { source: Source; sites: string[] }>();
  for (const job of jobs.filter(isSourceJob).filter((job) => options.only?.(job) ?? true)) {
    const entry = slots.get(job.source.slot.base) ?? { source: job.source, sites: [] };
    entry.sites.push(job.site);
    slots.set(job.source.slot.base, entry);
  }
  const wanted: { source: Source; file: string }[] = [];
  const operators: string[] = [];
  for (const { source, sites } of slots.values()) {
    if (findSource(source.slot, listing)) continue;
    const file = `${source.slot.base}.${demo.DEMO_EXTENSION[source.slot.type]}`;
    if (sites.some((site) => manifest[site] && manifest[site].from[0] !== file))
      operators.push(expectedName(source.slot));
    else wanted.push({ source, file });
  }
  if (operators.length > 0)
    log(
      `demo: left ${operators.length} sources out, their outputs were made from other files (${operators.slice(0, 3).join(", ")}${operators.length > 3 ? ", …" : ""})`,
    );
  if (wanted.length > 0) log(`writing ${wanted.length} demo sources into ${MEDIA_DIR}/`);
  const done = countedLog(log, wanted.length);
  await mapLimited(wanted, CONCURRENCY, async ({ source, file }) => {
    const started = Date.now();
    await writeAtomically(path.join(root, file), false, (out) => make(source.of, out, file));
    done(`demo → ${file} (${secondsSince(started)})`);
  });
}

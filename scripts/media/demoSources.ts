/**
 * The demo's media sources, apart from the media build, which does not know about them:
 * `npm run media:demo` (scripts/media-demo.ts) writes a generated source (demo.ts) into every
 * empty slot of media/, and `npm run media` then treats them as it treats an operator's files.
 */
import path from "node:path";

import * as demo from "./demo";
import { requireFonts } from "./fonts";
import type { Job, Source, SourceOf } from "./jobs";
import { expectedName, findSource, MEDIA_DIR } from "./plan";
import {
  CONCURRENCY,
  isSourceJob,
  listSources,
  progress,
  readManifest,
  removeLeftovers,
  type RunOptions,
  runAll,
  writeAtomically,
} from "./run";

type MakeSource = (of: SourceOf, out: string, display: string) => Promise<void>;

/** The demo's source of `of`, written to `out`. */
export function demoSource(of: SourceOf, out: string, display: string): Promise<void> {
  switch (of.kind) {
    case "directorClip":
      return demo.directorFootage(of.artist, out, display);
    case "filmWork":
      return demo.filmWorkFootage(of.artist, of.index, out, display);
    case "photograph":
      return demo.photograph(of.artist, out);
    case "photoWork":
      return demo.photoWork(of.artist, of.index, out);
    case "bioPhoto":
      return demo.bioPhoto(of.artist.id, out);
    case "agentPhoto":
      return demo.bioPhoto(demo.AGENT, out);
    case "reel":
      requireFonts();
      return demo.reelFootage(of.reel, out, display);
    case "logo":
      requireFonts();
      return demo.logo(of.client, out);
  }
}

/**
 * Writes the demo's source (made by `make`) into every slot of media/ that has none. A slot whose
 * outputs were made from a file of the operator's (the manifest names it) is left empty even when
 * that file is not here, so the demo never replaces real media.
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
    if (sites.some((site) => manifest[site] && manifest[site].from[0] !== file)) operators.push(expectedName(source.slot));
    else wanted.push({ source, file });
  }
  if (operators.length > 0) log(`demo: left ${operators.length} sources out, their outputs were made from other files (${operators.slice(0, 3).join(", ")}${operators.length > 3 ? ", …" : ""})`);
  if (wanted.length > 0) log(`writing ${wanted.length} demo sources into ${MEDIA_DIR}/`);
  const done = progress(log, wanted.length);
  await runAll(
    wanted.map(({ source, file }) => async () => {
      const started = Date.now();
      await writeAtomically(path.join(root, file), false, (out) => make(source.of, out, file));
      done("demo", file, started);
    }),
    CONCURRENCY,
  );
}

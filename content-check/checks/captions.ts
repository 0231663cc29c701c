/** Checks and reads the reels' captions files: problems and warnings by file and line. */
import { type CaptionTrack, checkCues, languageLabel, parseCaptions } from "#model/cues/captions.ts";
import type { Problem } from "#content-check/problems.ts";
import type { CaptionsFile } from "#content-check/read.ts";

/** Each reel's captions by slug, from its captions files (`durations`: each reel's length, by slug). */
export function checkCaptions(files: CaptionsFile[], durations: Record<string, number>) {
  const captions: Record<string, CaptionTrack[]> = {};
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const at = (file: string, line: number, message: string): Problem => ({ file, path: [], line, message });
  for (const file of files) {
    const duration = durations[file.slug];
    if (duration === undefined) {
      problems.push(
        at(
          file.name,
          1,
          `there is no reel "${file.slug}" (app/content/reels/${file.slug}.md) for these captions: rename the file after its reel`,
        ),
      );
      continue;
    }
    let lang: string;
    try {
      [lang] = Intl.getCanonicalLocales(file.lang);
    } catch {
      problems.push(
        at(
          file.name,
          1,
          `"${file.lang}" is not a language tag: name the file {reel}.{language}.${file.format}, e.g. ${file.slug}.en.${file.format}`,
        ),
      );
      continue;
    }
    const parsed = parseCaptions(file.text, file.format);
    const checked = checkCues(parsed.cues, duration);
    problems.push(
      ...[...parsed.errors, ...checked.errors]
        .sort((a, b) => a.line - b.line)
        .map(({ line, message }) => at(file.name, line, message)),
    );
    warnings.push(
      ...[...parsed.warnings, ...checked.warnings]
        .sort((a, b) => a.line - b.line)
        .map(({ line, message }) => at(file.name, line, message)),
    );
    if (parsed.errors.length === 0 && checked.cues.length === 0) problems.push(at(file.name, 1, "has no cues"));
    if (captions[file.slug]?.some((track) => track.lang === lang)) {
      problems.push(at(file.name, 1, `${file.slug} has captions in "${lang}" twice (a .vtt and an .srt?): keep one`));
      continue;
    }
    (captions[file.slug] ??= []).push({
      lang,
      label: languageLabel(lang),
      // Served numbered (numbered()), so the file's identifiers go.
      cues: checked.cues.map(({ line: _line, id: _id, ...cue }) => cue),
      ...(parsed.blocks.length > 0 && { blocks: parsed.blocks }),
    });
  }
  // Let through (a reel can go up before its captions are written), but never silently.
  for (const slug of Object.keys(durations).filter((slug) => !files.some((file) => file.slug === slug))) {
    const message = `has no captions file: without one its page fails WCAG 1.2.2 Captions; add ${slug}.en.vtt (or .srt) beside it (docs/reels.md)`;
    warnings.push(at(`app/content/reels/${slug}.md`, 1, message));
  }
  return { captions, problems, warnings };
}

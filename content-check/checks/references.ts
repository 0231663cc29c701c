/** Checks the references between files: artist ids unique across both lists, and the directors a reel's spots credit. */
import { type Problem, problemAt } from "#content-check/problems.ts";
import type { ContentParts } from "#model/shapes/content-shape.ts";

export function checkReferences({ artists, reels }: ContentParts): Problem[] {
  const problems: Problem[] = [];
  // Ids share one detail route and one preview folder; an id is its file's name, so two files of the same name clash.
  const firstSeen = new Map<string, string>();
  for (const { at, name } of artists) {
    const earlier = firstSeen.get(name);
    if (earlier === undefined) firstSeen.set(name, `${at.slice(0, 2).join("/")}/${name}.md`);
    else problems.push(problemAt([...at, "id"], `${JSON.stringify(name)} is already used by ${earlier}`));
  }
  // By file name, which is the id: a mistyped id is reported once, on its file.
  const directors = new Set(artists.filter((artist) => artist.list === "directors").map((artist) => artist.name));
  for (const { at, fields } of reels) {
    fields.spots?.forEach(({ artist }, index) => {
      if (!directors.has(artist))
        problems.push(
          problemAt([...at, "spots", index, "artist"], `${JSON.stringify(artist)} is not the id of a director`),
        );
    });
  }
  return problems;
}

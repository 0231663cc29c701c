/**
 * `npm run content:check`: validates everything in app/content/ (see app/content/schema.ts),
 * including that every media file it names is in public/. Prints each problem on its own line
 * on stderr and exits 1, or prints a one-line summary and exits 0. `npm run build` runs it first,
 * so invalid content cannot ship.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { siteContent, validateContent } from "../app/content/validate";

const PUBLIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public");

const problems = validateContent(siteContent, { publicDir: PUBLIC_DIR });

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  console.error(`\n${count} in app/content/ (listed above): fix and run npm run content:check again.`);
  process.exit(1);
}

const { artists, reels, clients, biography } = siteContent;
console.log(
  `content OK: ${artists.film.length + artists.photographers.length} artists ` +
    `(${artists.film.length} film, ${artists.photographers.length} photographers), ${reels.length} reels, ` +
    `${clients.clientLogos.length} client logos, ${clients.clientNames.length} client names, ` +
    `${biography.testimonials.length} testimonials`,
);

/**
 * The module build.ts writes of the compiled content (app/content/generated.js and .d.ts), and the
 * data beside it (generated.data.js).
 */
import type { Content } from "#model/content.ts";

/**
 * The specifier by which generated.js imports the data when they are apart: package.json's
 * `imports` names the file, and Remix's server build, which bundles only what remix.config.js and
 * tsconfig.json's paths name, leaves it for Node to import at start.
 */
const DATA = "#content/data.js";

/**
 * One export per part of the content, each with its type: the browser's bundle then carries only
 * the parts its code reads (the site's name, say), not every biography and client. Plain
 * JavaScript, so Node can import it too (tests/support/pages.mjs), not only the app's bundler.
 *
 * `inline` (for `npm run dev`): the data in generated.js itself, which `remix dev` follows from the
 * routes to revalidate the open page. Otherwise generated.js re-exports the data from
 * generated.data.js, so that a production server build holds none of it, and a commit changing
 * only content is live without building the code again (release/build-release.ts).
 */
export function generatedModule(
  content: Content,
  { inline }: { inline: boolean },
): { js: string; dts: string; data: string } {
  const { clients, biography, ...rest } = content;
  const partsOf = (object: object, type: string) =>
    Object.entries(object).map(([name, value]) => ({ name, value, type: `${type}[${JSON.stringify(name)}]` }));
  const parts = [
    ...partsOf(rest, "Content"),
    ...partsOf(clients, 'Content["clients"]'),
    ...partsOf(biography, 'Content["biography"]'),
  ];
  const header =
    "// Made by scripts/cli/content-build.ts from the content files in app/content/: edit those, not this.\n";
  const data = [
    header,
    ...parts.map(({ name, value }) => `export const ${name} = ${JSON.stringify(value, null, 2)};\n`),
  ].join("");
  return {
    js: inline ? data : `${header}export * from "${DATA}";\n`,
    data,
    dts: [
      header,
      'import type { Content } from "./types";\n\n',
      ...parts.map(({ name, type }) => `export declare const ${name}: ${type};\n`),
    ].join(""),
  };
}

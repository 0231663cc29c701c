/** The module build.ts writes of the compiled content (app/content/generated.js and .d.ts). */
import type { Content } from "#model/content.ts";

/**
 * One export per part of the content, each with its type: the browser's bundle then carries only
 * the parts its code reads (the site's name, say), not every biography and client. Plain
 * JavaScript, so Node can import it too (tests/support/pages.mjs), not only the app's bundler.
 */
export function generatedModule(content: Content): { js: string; dts: string } {
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
  return {
    js: [header, ...parts.map(({ name, value }) => `export const ${name} = ${JSON.stringify(value, null, 2)};\n`)].join(
      "",
    ),
    dts: [
      header,
      'import type { Content } from "./types";\n\n',
      ...parts.map(({ name, type }) => `export declare const ${name}: ${type};\n`),
    ].join(""),
  };
}

/**
 * The site's server as `npm run build` bundles it (esbuild, its packages left external) imports only
 * packages a production install has: `dependencies`, never `devDependencies`, which the image and a
 * production `npm ci --omit=dev` leave out. A module the server reaches that imports a dev package
 * (zod, say, through model/) would build and pass every test, then stop the site at start. A dynamic
 * import is the development server's alone (chokidar, server/instance.ts), never reached in production.
 */
import { builtinModules } from "node:module";
import path from "node:path";

import { build } from "esbuild";
import { expect, test } from "vitest";

import packageJson from "../../../package.json" with { type: "json" };

const ROOT = path.join(import.meta.dirname, "../../..");

test("the server bundle imports no package a production install leaves out", async () => {
  const { metafile } = await build({
    entryPoints: [path.join(ROOT, "server/index.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const imported = new Set(
    Object.values(metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((imported) => imported.external && imported.kind === "import-statement")
      .map(({ path: name }) => name),
  );
  const builtins = new Set(builtinModules);
  const packages = [...imported]
    .filter((name) => !name.startsWith("node:") && !builtins.has(name))
    .map((name) => (name.startsWith("@") ? name.split("/").slice(0, 2) : name.split("/").slice(0, 1)).join("/"));
  expect(packages.length).toBeGreaterThan(0);
  expect([...new Set(packages)].filter((name) => !(name in packageJson.dependencies))).toEqual([]);
});

// ESLint's configuration: `npm run lint` runs it with Prettier's check (docs/architecture.md, "Development").
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import checkFile from "eslint-plugin-check-file";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const CODE = "**/*.{js,mjs,cjs,ts,tsx}";
/** React code: the site's app, and the editing app (edit/app/). */
const APP = "{app,edit/app}/**/*.{ts,tsx}";
/**
 * Which top-level folders each folder's code may import (its own always): the model is imported by
 * everything and imports nothing; scripts/ holds entry points and tooling, which nothing imports;
 * demo/ is imported by nothing, so deleting it leaves a working media build. Enforced on resolved
 * paths, so an alias (`#scripts/…`) and a relative path (`../scripts/…`) are caught alike.
 */
/** Every folder of the product's code (not the demo's, the tests' or the tools'). */
const APP_FOLDERS = [
  "app",
  "model",
  "content-check",
  "media-build",
  "media-publish",
  "edit",
  "lib",
  "server",
  "analytics",
  "release",
];
/** @type {Record<string, string[]>} */
const MAY_IMPORT = {
  model: [],
  lib: [],
  app: ["model"],
  analytics: ["model"],
  server: ["app", "model", "analytics", "release"],
  release: ["model", "lib"],
  "content-check": ["model", "lib"],
  "media-build": ["model", "content-check", "lib"],
  "media-publish": ["model", "content-check", "media-build", "lib"],
  edit: ["model", "content-check", "media-build", "media-publish", "lib", "analytics", "release"],
  demo: ["model", "content-check", "media-build", "lib"],
  // The tests and the tools may import every folder but demo/ (which nothing imports); tests/ not scripts/.
  tests: [...APP_FOLDERS, "tests"],
  scripts: [...APP_FOLDERS, "tests"],
};
/** @param {string} folder @param {string[]} allowed */
const zone = (folder, allowed) => ({
  target: `./${folder}`,
  from: Object.keys(MAY_IMPORT)
    .filter((other) => other !== folder && !allowed.includes(other))
    .map((other) => `./${other}`),
  message: `${folder}/ may import only ${[...new Set([...allowed, folder])].map((name) => `${name}/`).join(", ")} (eslint.config.js, MAY_IMPORT).`,
});
/**
 * Inside edit/, from the ground up: each folder imports only those before it here. http/ (answers,
 * bodies), views/ (the pages' kit and the views), fields/ and schema/ (the screen's, in the
 * browser), server/ (one save, the screen's routes), service/ (the team's sign-in, git, sessions), app/
 * (the editing app's routes, which read them all; the screens load its build, never import it).
 */
const EDIT_FLOORS = ["http", "views", "fields", "schema", "server", "service", "app"];
/** @param {string} folder @param {number} index */
const editFloor = (folder, index) => ({
  target: `./edit/${folder}`,
  from: EDIT_FLOORS.slice(index + 1).map((above) => `./edit/${above}`),
  message: `edit/${folder}/ may import only the folders of edit/ below it: ${EDIT_FLOORS.slice(0, index).join(", ") || "none"} (eslint.config.js, EDIT_FLOORS).`,
});
const BOUNDARIES = [
  ...Object.entries(MAY_IMPORT).map(([folder, allowed]) => zone(folder, allowed)),
  ...EDIT_FLOORS.slice(0, -1).map(editFloor),
];
const SERVER_ONLY = {
  group: ["**/*.server", "**/*.server.*"],
  allowTypeImports: true,
  message: "Server-only module in code the browser bundles.",
};
/** The compiled content, which only loaders and `.server` modules read: the browser's build holds none of it. */
const CONTENT = {
  group: ["#app/content/index*", "#app/content/generated*", "#content/*", "**/content/index*", "**/content/generated*"],
  allowTypeImports: true,
  message:
    "Content in code the browser bundles: have a loader return what the page needs (docs/decisions/0013-site-follows-a-branch.md).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "edit/build/",
      "public/",
      ".cache/",
      ".site-data/",
      "media/",
      "app/content/generated.*",
      "test-results/",
      "playwright-report/",
      "tests/artifacts/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    files: [CODE],
    languageOptions: { globals: { ...globals.node } },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      // Written by `npm run content:build`, which lint does not need to run first.
      "import-x/no-unresolved": ["error", { ignore: ["/generated\\.js$"] }],
      // TypeScript reports a missing name itself (`npm run typecheck`, a step of `npm test`, .mjs included), and these
      // would cost a parse of every import's package.
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
    },
  },
  {
    // The browser runs app/ (and the functions the e2e specs and the benchmark hand to a page); vendor/global is
    // read by video.js there.
    files: ["app/**", "model/**", "tests/e2e/**", "tests/support/**", "scripts/bench/**", "vendor/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: [APP], ...react.configs.flat.recommended },
  { files: [APP], ...react.configs.flat["jsx-runtime"] },
  { files: [APP], ...jsxA11y.flatConfigs.recommended },
  {
    files: [APP],
    plugins: { "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      // The two classic rules of hooks; the plugin's React Compiler rules are for code the compiler builds, which this is not.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // TypeScript checks the props.
      "react/prop-types": "off",
    },
  },
  // Import boundaries between the top-level folders, and the model free of Node.
  {
    files: [CODE],
    ignores: ["demo/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: BOUNDARIES }] },
  },
  {
    // The demo generator's own tests sit in its folder (deleting it takes them along) and read as tests do.
    files: ["demo/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [zone("demo", MAY_IMPORT.tests)] }] },
  },
  { files: ["model/**"], rules: { "import-x/no-nodejs-modules": "error" } },
  {
    // Code the browser bundles takes nothing from a `.server` module (Remix would leave it empty there), nor any
    // content. Routes and root may re-export a `.server` loader: Remix strips their loaders from the browser's build.
    files: ["app/components/**", "app/lib/**", "app/reel/**", "app/entry.client.tsx"],
    ignores: ["**/*.server.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_ONLY, CONTENT] }] },
  },
  {
    // Nor do pages' routes and root, whose `meta` Remix ships to the browser: their loaders are in app/loaders/.
    files: ["app/root.tsx", "app/routes/*.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [CONTENT] }] },
  },
  {
    // A page's route takes its loader from app/loaders/ by re-export, never by import: esbuild keeps an
    // imported `.server` module, which Remix empties in the browser's build, as a chunk every visit preloads.
    files: ["app/root.tsx", "app/routes/*.tsx", "edit/app/root.tsx", "edit/app/routes/*.tsx"],
    // A resource route: the browser's build has an empty module for it whatever it imports.
    ignores: ["app/routes/$.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/\\.server(\\.tsx?)?$/]",
          message:
            "Re-export the loader from app/loaders/ (`export { loader } from …`), or import only its type: an imported `.server` module is an empty chunk in the browser's build.",
        },
      ],
    },
  },
  {
    // One naming style: kebab-case files and folders. Route files are URL syntax; `.server`, `.client`, `.test`, `.d`
    // and `.config` are middle extensions.
    files: [CODE],
    ignores: ["app/routes/**", "edit/app/routes/**"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": ["error", { [CODE]: "KEBAB_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": ["error", { "**/": "KEBAB_CASE" }],
    },
  },
  prettier,
);

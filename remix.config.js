/**
 * package.json `imports` (#app/…, #model/…): Remix takes any specifier not starting with "." for a
 * package and leaves it out of the server build; these are the project's own files, so they are
 * bundled. All but one in production: the compiled content (app/content/generated.js) stays a module
 * of its own beside the server build, which imports it at start, so that a commit changing only
 * content is live without building the code again (release/build-release.ts). Under `remix dev` it is
 * bundled, as Node would otherwise keep the first copy it imported through every edit.
 */
const BUNDLED = process.env.NODE_ENV === "development" ? /^#(app\/|model\/|content\/)/ : /^#(app|model)\//;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [BUNDLED],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  // package.json `imports` (#app/…, #model/…): Remix takes any specifier not starting with "." for a package and
  // leaves it out of the server build; these are the project's own files, so they are bundled. Not
  // #content/data.js, the compiled content's data (content-check/generated-module.ts): Node imports it at start,
  // beside the server build, so a commit changing only content needs no new server build.
  serverDependenciesToBundle: [/^#(app|model)\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};

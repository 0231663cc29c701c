/**
 * The editing app's build (`npm run build:edit`, which is `remix build edit/remix`): the classic
 * compiler, as the site's remix.config.js, on edit/app/. Its server build and its browser assets go
 * to edit/build/, out of the site's build/ and public/build (edit/ is never in the public image);
 * edit/http/editing-app.ts loads and serves them from these same values. Here, in a folder of its
 * own, because `remix build` reads the package.json beside its config too: one in edit/app/ would take the
 * project's `imports` (#edit/…) from every file of the app.
 * @satisfies {import('@remix-run/dev').AppConfig}
 */
export default {
  appDirectory: "../app",
  serverBuildPath: "../build/server/index.js",
  assetsBuildDirectory: "../build/assets",
  publicPath: "/edit/build/",
  cacheDirectory: "../../.cache/edit-app",
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  // The project's own modules (#edit/…, #model/…): Remix takes a specifier not starting with "." for a package.
  serverDependenciesToBundle: [/^#/],
  // Not v3_lazyRouteDiscovery: its requests go to /__manifest, outside the /edit/ paths the screens hand to the app.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};

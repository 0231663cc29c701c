/**
 * What the editing screen's two servers share on a working copy, and give the editing app's routes
 * (edit/app/, editing-context.ts): Keystatic's script and its local API (which reads and writes the
 * working copy), the uploads, the entries' statuses, and the public site's figures and links, read
 * from its store. Served by `npm run edit` for one person (local-editor.ts) and by the team's
 * service (edit/service/), with sign-in and git around each save.
 */
import type { ServerResponse } from "node:http";
import path from "node:path";

import { STAGED_DIR, STAGED_UPLOAD_LIFETIME_MS } from "#edit/upload-rules.ts";
import { viewsContent } from "#edit/views/views-content.ts";
import { analyticsStore, openOnce, storeFigures } from "#edit/views/views-store.ts";
import { storeSettings } from "#analytics/settings.ts";
import { publicOrigin } from "#model/site-url.ts";
import type { EditingContext } from "./editing-context.ts";
import { entryStatuses } from "./entry-status.ts";
import { type KeystaticAnswer, localKeystaticApi } from "./keystatic-api.ts";
import { screenBundle } from "./screen-bundle.ts";
import { uploadRoutes } from "./upload-routes.ts";
import { uploadQuotas, uploadStaging } from "./upload-staging.ts";

/**
 * Nothing of the screen's may be framed: a page elsewhere (even on the agency's own site, which
 * SameSite=Lax counts as the same site) could show it, signed in, under its own buttons.
 */
export function refuseFraming(response: ServerResponse) {
  response.setHeader("content-security-policy", "frame-ancestors 'none'");
  response.setHeader("x-frame-options", "DENY");
}

/**
 * The screen on a working copy, for the single editor's server (local-editor.ts) and the team's
 * service. The views read the analytics store that `env` names (the site's settings), its relative
 * paths from `analyticsRoot`.
 */
export async function editingScreen(
  root: string,
  previewOrigin: string,
  {
    analyticsRoot = root,
    env = process.env,
    mediaInBucket = false,
  }: {
    analyticsRoot?: string;
    env?: NodeJS.ProcessEnv;
    /** Whether the media are in a bucket, which media/manifest.json lists, rather than in public/. */
    mediaInBucket?: boolean;
  } = {},
) {
  const screen = await screenBundle(root);
  // One connection for the views and the links, opened on the first request that needs it.
  const store = openOnce(analyticsStore(env, analyticsRoot));
  const views: EditingContext["views"] = {
    content: () => viewsContent(root),
    figures: storeFigures(store.get),
    now: () => new Date(),
  };
  const links: EditingContext["links"] = {
    open: store.get,
    // Read as the site reads them (a wrong value is the store's 503, naming the setting).
    settings: () => storeSettings(env, analyticsRoot),
    siteUrl: publicOrigin(env.SITE_URL),
  };
  const keystatic = localKeystaticApi(root);
  const statuses = entryStatuses(root, mediaInBucket);
  // The quotas are read here, so a malformed setting stops the start, naming it.
  const uploads = uploadStaging(path.join(root, STAGED_DIR), uploadQuotas(env));
  // Files chosen but never saved: kept a day, for a save that comes late.
  const sweep = () => uploads.sweep().catch(() => []);
  void sweep();
  setInterval(() => void sweep(), STAGED_UPLOAD_LIFETIME_MS / 24).unref();

  return {
    keystatic,
    statuses,
    views,
    links,
    /** What Keystatic's page is given (edit/app/routes/_editor.keystatic.$.tsx). */
    page: { script: screen.path, previewOrigin, answer: screen.answer },
    /** Closes what the screen opened: the analytics store, if the views or the links were asked for. */
    close: store.close,
    /** The working copy's listing, as Keystatic's API answers it. */
    listing: (): Promise<KeystaticAnswer> =>
      keystatic(new Request("http://edit/api/keystatic/tree", { headers: { "no-cors": "1" } })),
    /** The streamed uploads, each its owner's (the signed-in editor's email): upload-routes.ts. */
    uploads: uploadRoutes(uploads),
  };
}

import path from "node:path";

import { describe, expect, it } from "vitest";

import { releaseKind } from "#release/release-plan.ts";
import { followSettings } from "#release/settings.ts";

const ROOT = "/srv/site";
/** An environment of only these settings. */
const only = (settings: Record<string, string>) => settings as NodeJS.ProcessEnv;

describe("the follower's settings", () => {
  it("are off without SITE_FOLLOW, and need only it", () => {
    expect(followSettings(only({}), ROOT)).toBeUndefined();
    expect(followSettings(only({ SITE_FOLLOW: "  " }), ROOT)).toBeUndefined();
    expect(followSettings(only({ SITE_FOLLOW: "git@git.agency.example:agency/site.git", PORT: "8080" }), ROOT)).toEqual(
      {
        remote: "git@git.agency.example:agency/site.git",
        branch: "main",
        data: path.join(ROOT, ".site-data"),
        intervalMs: 3000,
        hook: undefined,
        purge: undefined,
        ports: [8080],
        stateEnv: { ANALYTICS_DB: path.join(ROOT, ".site-data", "analytics.sqlite") },
      },
    );
  });

  it("take a remote path from the project, and every other setting as given", () => {
    const settings = followSettings(
      only({
        SITE_FOLLOW: "../site.git",
        SITE_FOLLOW_BRANCH: "live",
        SITE_DATA: "/var/lib/site",
        SITE_FOLLOW_INTERVAL: "0.5",
        SITE_FOLLOW_SECRET: "s3cret",
        SITE_FOLLOW_HOOK_PORT: "9400",
        SITE_FOLLOW_PURGE: "http://127.0.0.1:8080/anything",
        SITE_FOLLOW_PORTS: "3001,3002",
      }),
      ROOT,
    );
    expect(settings).toEqual({
      remote: "/srv/site.git",
      branch: "live",
      data: "/var/lib/site",
      intervalMs: 500,
      hook: { secret: "s3cret", host: "127.0.0.1", port: 9400 },
      purge: "http://127.0.0.1:8080",
      ports: [3001, 3002],
      stateEnv: { ANALYTICS_DB: "/var/lib/site/analytics.sqlite" },
    });
  });

  it("give the workers a store outside their release folders, whichever the operator set", () => {
    const stateEnv = (env: Record<string, string>) =>
      followSettings(only({ SITE_FOLLOW: "/srv/site.git", SITE_DATA: "/var/lib/site", ...env }), ROOT)!.stateEnv;
    expect(stateEnv({})).toEqual({ ANALYTICS_DB: "/var/lib/site/analytics.sqlite" });
    expect(stateEnv({ ANALYTICS_DB: "" })).toEqual({ ANALYTICS_DB: "/var/lib/site/analytics.sqlite" });
    // A relative file is the project's, where the operator started it, not each release folder's.
    expect(stateEnv({ ANALYTICS_DB: "data/views.sqlite" })).toEqual({ ANALYTICS_DB: "/srv/site/data/views.sqlite" });
    expect(stateEnv({ ANALYTICS_DB: "/var/lib/views.sqlite" })).toEqual({ ANALYTICS_DB: "/var/lib/views.sqlite" });
    expect(stateEnv({ ANALYTICS_DATABASE_URL: "postgres://site@db/analytics" })).toEqual({});
  });

  it("refuse a bad value, naming the setting", () => {
    const bad = (env: Record<string, string>) => () =>
      followSettings(only({ SITE_FOLLOW: "/srv/site.git", ...env }), ROOT);
    expect(bad({ SITE_FOLLOW_INTERVAL: "soon" })).toThrow(/^SITE_FOLLOW_INTERVAL /);
    expect(bad({ SITE_FOLLOW_INTERVAL: "0" })).toThrow(/^SITE_FOLLOW_INTERVAL /);
    expect(bad({ SITE_FOLLOW_HOOK_PORT: "70000" })).toThrow(/^SITE_FOLLOW_HOOK_PORT /);
    expect(bad({ SITE_FOLLOW_PURGE: "varnish" })).toThrow(/^SITE_FOLLOW_PURGE /);
    expect(bad({ SITE_FOLLOW_PORTS: "3001,x" })).toThrow(/^SITE_FOLLOW_PORTS /);
  });
});

describe("a release's kind", () => {
  it("is content only when every file it changed is content or media", () => {
    expect(
      releaseKind([
        "app/content/artists/directors/mira-castell.md",
        "app/content/reels/reel-2021.fr.vtt",
        "app/content/site.yaml",
        "media/manifest.json",
        "media/sources.json",
        "public/videos/directors/mira-castell.mp4",
      ]),
    ).toBe("content");
    expect(releaseKind([])).toBe("content");
  });

  it("is full for code, the lockfile, the content's own code, or nothing to compare with", () => {
    for (const file of [
      "package-lock.json",
      "app/content/index.ts",
      "app/root.tsx",
      "public/build/x.js",
      "media/x.json",
    ])
      expect(releaseKind(["app/content/clients.yaml", file]), file).toBe("full");
    expect(releaseKind(undefined)).toBe("full");
  });
});

import { describe, expect, it } from "vitest";

import { buildEnv } from "#release/build-release.ts";

describe("a release build's environment", () => {
  it("holds what runs the tools and the build's own inputs, and none of the follower's secrets", () => {
    const follower = {
      PATH: "/usr/local/bin:/usr/bin",
      HOME: "/var/lib/site",
      LANG: "en_GB.UTF-8",
      LC_ALL: "en_GB.UTF-8",
      TMPDIR: "/tmp",
      https_proxy: "http://proxy.agency.example:3128",
      npm_config_cache: "/var/cache/npm",
      NPM_CONFIG_REGISTRY: "https://npm.agency.example/",
      npm_config_nodedir: "/usr/include/node",
      MEDIA_ORIGIN: "https://media.agency.example",
      SITE_URL: "https://agency.example",
      NODE_ENV: "production",
      ANALYTICS_DATABASE_URL: "postgres://site:secret@db/analytics",
      SITE_FOLLOW_SECRET: "a webhook secret",
      AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
      AWS_SECRET_ACCESS_KEY: "secret",
      EDIT_SITE_TOKEN: "a token",
      "npm_config_//npm.agency.example/:_authToken": "npm-token",
      npm_config_script_shell: "/tmp/evil.sh",
      NODE_OPTIONS: "--require /tmp/evil.js",
    };
    expect(buildEnv(follower)).toEqual({
      PATH: "/usr/local/bin:/usr/bin",
      HOME: "/var/lib/site",
      LANG: "en_GB.UTF-8",
      LC_ALL: "en_GB.UTF-8",
      TMPDIR: "/tmp",
      https_proxy: "http://proxy.agency.example:3128",
      npm_config_cache: "/var/cache/npm",
      NPM_CONFIG_REGISTRY: "https://npm.agency.example/",
      npm_config_nodedir: "/usr/include/node",
      MEDIA_ORIGIN: "https://media.agency.example",
      SITE_URL: "https://agency.example",
    });
  });
});

import { isDeepStrictEqual } from "node:util";

import { artists, reels, site } from "#app/content/index.ts";

/**
 * The demo content this repository ships, for the fictional agency "Calloway Artists". The checks
 * that it matches SPEC.md (its counts and constants) run only on it: an agency's own content may
 * hold any number of artists and reels. It is recognised by its agency name and its roster (the
 * artists' ids and the reels' slugs, in order), so editing a biography keeps those checks on, and
 * replacing an artist or adding a reel (docs/content.md) turns them off.
 */
const DEMO = {
  agencyName: "Calloway Artists",
  directors: [
    "mira-castell",
    "lena-okoro-jonas-wilde",
    "the-northlight-collective",
    "parallax-foundry",
    "theo-marchand",
    "rafael-quint",
    "juno-adeyemi",
    "sasha-brandt",
    "callum-ashby",
    "noor-haddad",
    "elias-fenwick",
  ],
  photographers: [
    "marisol-vance",
    "henrik-solberg",
    "adaeze-nwosu",
    "kit-lavelle",
    "yuki-ambrose",
    "felix-oduya",
    "clara-wren",
    "matteo-lindgren",
  ],
  reels: ["collective-reel", "reel-2020", "reel-2021"],
};

export const isDemoContent = isDeepStrictEqual(
  {
    agencyName: site.agencyName,
    directors: artists.directors.map((artist) => artist.id),
    photographers: artists.photographers.map((artist) => artist.id),
    reels: reels.map((reel) => reel.slug),
  },
  DEMO,
);

/** Starts the name of a suite that runs on the demo content only, and says why it is skipped otherwise. */
export const DEMO_ONLY =
  "demo content only (skipped when app/content/ is not the demo's roster, tests/support/demo-content.ts)";

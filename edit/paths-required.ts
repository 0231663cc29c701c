/**
 * Whether the content's shapes still require a media path an id derives (a director's `thumb`,
 * a work thumb's `image`): asked of the shapes themselves, so the editing screen writes such a
 * path for a new entry only while the site needs it, and stops once the site derives it.
 */
import { contentShape } from "../scripts/content/shapes";

/** A film artist and a photographer with one work thumb each, and nothing else: what the shapes find missing. */
const PROBE = {
  artists: {
    film: { probe: { id: "probe", recentWorkThumbs: [{ name: "probe", url: "https://probe.example/" }] } },
    photographers: { probe: { id: "probe", recentWorkThumbs: [{ name: "probe", url: "https://probe.example/" }] } },
  },
};

const missing = new Set(
  (contentShape.safeParse(PROBE).error?.issues ?? [])
    // A field left out: zod's own issue, or the shapes' "is missing" (a film's work still).
    .filter((issue) => (issue.code === "invalid_type" && issue.input === undefined) || issue.message === "is missing")
    .map((issue) => issue.path.map(String).join("/")),
);

/** `at`: the field's place in an entry of a list, e.g. ["film", "thumb"] or ["photographers", "recentWorkThumbs", "image"]. */
export function shapesRequire(at: readonly string[]): boolean {
  const [list, ...field] = at;
  const inEntry = field.length === 1 ? field : [field[0], "0", ...field.slice(1)];
  return missing.has(["artists", list, "probe", ...inEntry].join("/"));
}

/**
 * A cue's settings ("line:10% align:start") as the W3C's "parse the WebVTT cue settings" reads
 * them: each setting a browser would ignore is dropped on its own, with why, the others kept as written.
 */

/** The spec's percentage: digits, optionally "." and digits, then "%", from 0 to 100. */
const isPercentage = (value: string) => /^\d+(?:\.\d+)?%$/.test(value) && Number(value.slice(0, -1)) <= 100;

/** "10%,end" → ["10%", "end"]: the value before the first comma, and what follows it, if any. */
function split(value: string): [string, string | undefined] {
  const comma = value.indexOf(",");
  return comma === -1 ? [value, undefined] : [value.slice(0, comma), value.slice(comma + 1)];
}

/** Why browsers ignore `name:value`, or undefined when they apply it. */
function ignored(name: string, value: string, regions: ReadonlySet<string>): string | undefined {
  switch (name) {
    case "vertical":
      return ["rl", "lr"].includes(value) ? undefined : 'vertical takes "rl" or "lr"';
    case "line": {
      const [position, align] = split(value);
      // A percentage, or a line number: digits, a "-" first only, one "." between digits ("-1.5").
      const number = position.endsWith("%") ? isPercentage(position) : /^-?\d+(?:\.\d+)?$/.test(position);
      if (!number) return "line takes a line number (0, -1, 1.5) or a percentage from 0% to 100%";
      return align === undefined || ["start", "center", "end"].includes(align)
        ? undefined
        : 'the line\'s alignment after "," is start, center or end';
    }
    case "position": {
      const [position, align] = split(value);
      if (!isPercentage(position)) return "position takes a percentage from 0% to 100%";
      return align === undefined || ["line-left", "center", "line-right"].includes(align)
        ? undefined
        : 'the position\'s alignment after "," is line-left, center or line-right';
    }
    case "size":
      return isPercentage(value) ? undefined : "size takes a percentage from 0% to 100%";
    case "align":
      return ["start", "center", "end", "left", "right"].includes(value)
        ? undefined
        : "align takes start, center, end, left or right";
    case "region":
      return regions.has(value) ? undefined : `no REGION block before the cues defines the region "${value}"`;
    default:
      return `browsers know no setting "${name}"`;
  }
}

/**
 * The settings browsers apply, as written and in their order ("line:10% align:start"), and, in the
 * editor's words, each one dropped. Parted by spaces or tabs, as every engine parts them (Firefox
 * alone parts them at a form feed too); of a setting written twice, the later one is kept, as browsers do.
 */
export function readSettings(settings: string, regions: ReadonlySet<string>): { settings?: string; changes: string[] } {
  const kept = new Map<string, string>();
  const changes: string[] = [];
  for (const setting of settings.split(/[ \t]+/).filter(Boolean)) {
    const colon = setting.indexOf(":");
    const [name, value] = [setting.slice(0, colon), setting.slice(colon + 1)];
    const why =
      colon <= 0 || colon === setting.length - 1 ? "a setting is a name:value" : ignored(name, value, regions);
    if (why) {
      changes.push(`dropped the setting "${setting}": browsers ignore it (${why})`);
      continue;
    }
    const earlier = kept.get(name);
    if (earlier) changes.push(`dropped the setting "${earlier}": browsers apply the later "${setting}"`);
    // Deleted first, so the kept setting takes the place of the later one.
    kept.delete(name);
    kept.set(name, setting);
  }
  return { ...(kept.size > 0 && { settings: [...kept.values()].join(" ") }), changes };
}

import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

import { site } from "~/content";
import type { Reel } from "~/content/types";

/** "Page — Agent's name": every page's <title> and description come through here. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} — ${site.agentName}` }, { name: "description", content: description }];
}

/** Meta of the three reel routes, whose loaders all return `{ reel }`. */
export const reelMeta: MetaFunction<() => { reel: Reel }> = ({ data }) =>
  data ? pageMeta(data.reel.title, data.reel.description) : [];

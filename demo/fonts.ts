/** The fonts the demo's type needs, checked first: librsvg would silently fall back to another face. */
import { execFileSync } from "node:child_process";

import { LOGO_FONT_FAMILIES } from "./logos.ts";
import { TITLE_FONT_FAMILIES } from "./titles.ts";

let checked = false;

export function requireDemoFonts(): void {
  if (checked) return;
  const installed = new Set(
    execFileSync("fc-list", [":", "family"], { encoding: "utf8" })
      .split(/[\n,]/)
      .map((f) => f.trim()),
  );
  const missing = [...new Set([...LOGO_FONT_FAMILIES, ...TITLE_FONT_FAMILIES])].filter(
    (family) => !installed.has(family),
  );
  if (missing.length > 0) {
    throw new Error(
      `missing fonts: ${missing.join(", ")}. Install them with\n  apt-get install -y --no-install-recommends fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35 fonts-liberation2`,
    );
  }
  checked = true;
}

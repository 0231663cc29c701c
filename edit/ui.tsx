/** The editing screen in the browser: Keystatic's app on this project's content (edit/keystatic.config.ts). */
import type { Config } from "@keystatic/core";
import { Keystatic } from "@keystatic/core/ui";
import { createRoot } from "react-dom/client";

import config from "./keystatic.config.ts";

const root = document.getElementById("root");
// Keystatic's own page helpers take Config<any, any> too: its navigation type does not widen to Config.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
if (root) createRoot(root).render(<Keystatic config={config as Config<any, any>} />);

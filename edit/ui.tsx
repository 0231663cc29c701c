/** The editing screen in the browser: Keystatic's app on this project's content (edit/keystatic.config.ts). */
import { Keystatic } from "@keystatic/core/ui";
import { createRoot } from "react-dom/client";

import config from "./keystatic.config";

const root = document.getElementById("root");
if (root) createRoot(root).render(<Keystatic config={config} />);

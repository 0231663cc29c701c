import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    // The demo generator's own tests sit in its folder, so deleting the folder takes them along.
    include: ["tests/unit/**/*.test.ts", "scripts/media/demo/**/*.test.ts"],
    globalSetup: ["tests/support/compile-content.ts"],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The demo generator's own tests sit in its folder, so deleting the folder takes them along.
    include: ["tests/unit/**/*.test.ts", "scripts/media/demo/**/*.test.ts"],
    globalSetup: ["tests/support/compile-content.ts"],
  },
});

import { availableParallelism } from "node:os";

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The demo generator's own tests sit in its folder, so deleting the folder takes them along.
    include: ["tests/unit/**/*.test.ts", "demo/**/*.test.ts"],
    globalSetup: ["tests/support/compile-content.ts", "tests/support/build-editing-app.ts"],
    // Vitest runs on one core fewer than the machine has: on a 2-core CI machine, one file at a time.
    // The media tests wait on ffmpeg and sharp much of their time, so every core is one file's:
    // `npx vitest run` took 108 s here with two, 218 s with one.
    maxWorkers: availableParallelism(),
  },
});

/**
 * Which of the build's scripts are video.js's: read from the build's metafile, as their names
 * change with every build. Shared by the budgets test and the benchmark, which count the site's own
 * JS apart from the player's.
 */
import { readFileSync } from "node:fs";

/**
 * The URL paths of video.js's chunks in this build: video.js itself, its core build, and the
 * chunks of its own dependencies (@videojs/xhr, videojs-vtt.js, the HLS engine's). The
 * small app module that imports them is not one of them.
 * @returns {Set<string>}
 */
export function videojsChunks(metafile = "build/metafile.js.json") {
  const { outputs } = JSON.parse(readFileSync(metafile, "utf8"));
  const fromVideojs = (input) => /^node_modules\/(video\.js\/.+\.js$|@videojs\/|videojs-)/.test(input);
  return new Set(
    Object.entries(outputs)
      .filter(([output, { inputs }]) => output.endsWith(".js") && Object.keys(inputs).some(fromVideojs))
      .map(([output]) => output.replace(/^public/, "")),
  );
}

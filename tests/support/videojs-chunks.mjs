/** Which of the build's scripts are video.js's, from its metafile, for the budgets test and the benchmark. */
import { readFileSync } from "node:fs";

/**
 * The URL paths of the chunks of video.js and its own dependencies (not the app module importing them).
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

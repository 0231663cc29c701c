/**
 * Whether this Node is one the project runs on, by package.json's `engines.node` (">=24"). Every
 * entry point (`npm start`, `npm run edit`, `npm run edit:service`) checks it first, so an older Node
 * stops with one sentence rather than a native module's crash (better-sqlite3 is built for Node 24).
 */

/** The version numbers of "24", "24.1" or "v24.1.0", missing parts as 0. */
const versionParts = (version: string) => {
  const parts = version.replace(/^v/, "").split(".").map(Number);
  return [0, 1, 2].map((index) => parts[index] ?? 0);
};

/** Whether `running` is `minimum` or newer. */
function atLeast(running: string, minimum: string): boolean {
  const [have, need] = [versionParts(running), versionParts(minimum)];
  const first = have.findIndex((part, index) => part !== need[index]);
  return first === -1 || have[first] > need[first];
}

/**
 * Why `running` (process.versions.node) cannot run a project whose package.json says
 * `"engines": { "node": range }`, in words; undefined when it can. The range is ">=" and a version,
 * the only form this project uses.
 */
export function nodeVersionRefusal(range: string, running: string): string | undefined {
  const minimum = range.match(/^>=\s*v?(\d+(?:\.\d+){0,2})$/)?.[1];
  if (!minimum) throw new Error(`package.json's engines.node, "${range}", is not of the form ">=24"`);
  if (atLeast(running, minimum)) return undefined;
  return `agency-portfolio needs Node ${minimum} or newer (package.json engines: ${range}); this is Node ${running}.`;
}

import { getPriority } from "node:os";

import { describe, expect, it } from "vitest";

import { COMMAND_NICENESS, CommandFailed, reasonOf, runToEnd } from "#release/run-to-end.ts";

/** What the tools print when they refuse a commit, copied from their runs (colours as they send them). */
const CONTENT_CHECK = `app/content/artists/directors/mira-castell.md:4: name: must be text

1 problem in app/content/ (listed above): fix and run npm run content:check again.
`;
const ESBUILD_PRETTY = `[warn] Data fetching is changing to a single fetch in React Router v7
\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mUnexpected ";"\u001b[0m

    app/components/site-footer.tsx:11:22:
\u001b[37m      11 │ export const broken = \u001b[32m\u001b[37m;
         ╵                       \u001b[32m^\u001b[0m
`;
const ESBUILD_SUMMARY = `\u001b[31m✘ [ERROR] Build failed with 1 error:
app/root.tsx:120:22: ERROR: Unexpected ";"\u001b[0m [plugin browser-route-module]
`;

describe("why a release was refused", () => {
  it("is the content check's own line", () => {
    expect(reasonOf(CONTENT_CHECK, 1)).toBe("app/content/artists/directors/mira-castell.md:4: name: must be text");
  });

  it("is esbuild's place and message, without colours, from either of its formats", () => {
    expect(reasonOf(ESBUILD_PRETTY, 1)).toBe('app/components/site-footer.tsx:11:22: Unexpected ";"');
    expect(reasonOf(ESBUILD_SUMMARY, 1)).toBe(
      'app/root.tsx:120:22: ERROR: Unexpected ";" [plugin browser-route-module]',
    );
  });

  it("is the last line not npm's when no place is named, else the exit", () => {
    expect(reasonOf("Error: Cannot find module 'left-pad'\nnpm error code 1\n", 1)).toBe(
      "Error: Cannot find module 'left-pad'",
    );
    expect(reasonOf("", 137)).toBe("it exited with 137");
  });

  it("reaches the caller of a command that fails, with what it printed", async () => {
    const failing = runToEnd("sh", ["-c", `printf '%s' "$0" >&2; exit 3`, CONTENT_CHECK], ".", process.env);
    await expect(failing).rejects.toBeInstanceOf(CommandFailed);
    await expect(failing).rejects.toMatchObject({
      reason: "app/content/artists/directors/mira-castell.md:4: name: must be text",
      output: CONTENT_CHECK,
    });
    await expect(runToEnd("sh", ["-c", "exit 0"], ".", process.env)).resolves.toBeUndefined();
  });

  it("runs the command, and what it starts, nicer than the follower: the workers serving go first", async () => {
    // The niceness of a process the command starts once it runs (`nice` prints its own), told as its failure.
    const told = runToEnd("sh", ["-c", "sleep 0.2; nice >&2; exit 1"], ".", process.env);
    await expect(told).rejects.toMatchObject({ reason: String(Math.min(19, getPriority() + COMMAND_NICENESS)) });
  });

  it("is the first problem's whole line however much the check printed", async () => {
    // 400 problems, some 30 KB, as a commit before `npm run media` gives: the first one, from its start.
    const problems = Array.from(
      { length: 400 },
      (_, n) =>
        `app/content/artists/photographers/clara-wren-${n}.md:2: thumb: /images/photographers/clara-wren-${n}.jpg is not in public/`,
    ).join("\n");
    const failing = runToEnd("sh", ["-c", `printf '%s\\n' "$0" >&2; exit 1`, problems], ".", process.env);
    await expect(failing).rejects.toMatchObject({
      reason:
        "app/content/artists/photographers/clara-wren-0.md:2: thumb: /images/photographers/clara-wren-0.jpg is not in public/",
    });
  });
});

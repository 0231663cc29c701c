/**
 * Where saves go: this working copy, or with KEYSTATIC_GITHUB_REPO=owner/name (docs/deploy.md,
 * "The editing screen for a team") the repository on GitHub, each save a commit or pull request
 * signed in through Keystatic's GitHub App. The server passes the setting into the screen's bundle.
 */
declare const EDIT_GITHUB_REPO: string | undefined;

const repo = typeof EDIT_GITHUB_REPO === "string" ? EDIT_GITHUB_REPO : (process.env.KEYSTATIC_GITHUB_REPO ?? "");

export const storage = repo.includes("/")
  ? { kind: "github" as const, repo: repo as `${string}/${string}` }
  : { kind: "local" as const };

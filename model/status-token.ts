/**
 * The token that lets its holder read why the public site refused a commit (server/healthz.ts):
 * SITE_STATUS_TOKEN on the site, EDIT_SITE_TOKEN on the editing service, the same value. One rule
 * for both, so a token one side takes, the other takes too.
 */
export const MIN_STATUS_TOKEN_LENGTH = 32;

/** It travels in a header (`Authorization: Bearer …`): visible ASCII, no space. */
const HEADER_SAFE = /^[\x21-\x7e]*$/;

/** Why `value` cannot be the token set as `name`; undefined when it can. Never echoes the value, a secret. */
export function statusTokenProblem(name: string, value: string): string | undefined {
  const expected = `${name} must be at least ${MIN_STATUS_TOKEN_LENGTH} characters: letters, digits or punctuation, no spaces (e.g. \`openssl rand -hex 32\`)`;
  if (!HEADER_SAFE.test(value)) return `${expected}: got one with a space or a character a header cannot carry`;
  if (value.length < MIN_STATUS_TOKEN_LENGTH) return `${expected}: got ${value.length}`;
  return undefined;
}

import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * A failure of a library's own component that the project cannot fix where it draws it, reported
 * upstream (the report in docs/upstream/): axe's rule and the failing nodes' selector, as axe names them.
 */
export interface UpstreamFailure {
  rule: string;
  target: RegExp;
}

/** axe's findings on the page as it is now, a line each: the rule and the selector of each node. */
async function findings(page: Page): Promise<{ rule: string; target: string }[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return violations.flatMap(({ id, nodes }) => nodes.map((node) => ({ rule: id, target: node.target.join(" ") })));
}

/**
 * axe finds nothing on the page as it is now: every rule it runs by default (WCAG 2.0–2.2 A and AA,
 * and its best practices: landmarks, one `h1`), plus `label-content-name-mismatch` (2.5.3 Label in
 * Name, level A), which axe leaves off by default as experimental: a control's accessible name
 * must contain its visible text.
 *
 * `upstream` names a library's own failures that may show on the page: every other finding fails
 * the test. Returns those of them found here, for the caller to check that each still fails
 * somewhere (its exception is taken out the day it is gone).
 */
export async function expectNoViolations(
  page: Page,
  upstream: readonly UpstreamFailure[] = [],
): Promise<UpstreamFailure[]> {
  const found = await findings(page);
  const matches = (known: UpstreamFailure, { rule, target }: { rule: string; target: string }) =>
    known.rule === rule && known.target.test(target);
  const unknown = found.filter((finding) => !upstream.some((known) => matches(known, finding)));
  expect(unknown.map(({ rule, target }) => `${rule}: ${target}`)).toEqual([]);
  return upstream.filter((known) => found.some((finding) => matches(known, finding)));
}

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's WCAG 2.2 AA rules, plus `label-content-name-mismatch` (2.5.3 Label in Name, level A), which
 * axe leaves off by default as experimental: a control's accessible name must contain its visible text.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules: { "label-content-name-mismatch": { enabled: true } } });
}

/** axe finds nothing on the page as it is now. */
export async function expectNoViolations(page: Page) {
  const { violations } = await axeOf(page).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe finds nothing on the page as it is now: its WCAG 2.2 AA rules, plus `label-content-name-mismatch`
 * (2.5.3 Label in Name, level A), which axe leaves off by default as experimental: a control's
 * accessible name must contain its visible text.
 */
export async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

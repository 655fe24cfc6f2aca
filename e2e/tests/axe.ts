import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA (issue 22 item 15). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Found violations by page: `rule (impact): the first elements' selectors`. */
export type Found = Record<string, string[]>;

/**
 * Runs axe-core on the page as it is and notes its WCAG 2.1 A/AA violations under `name` in
 * `found` (nothing when there are none); tests expect `found` to stay `{}`.
 */
export async function checkAccessibility(page: Page, name: string, found: Found): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  if (violations.length > 0) {
    found[name] = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(' | ')}`);
  }
}

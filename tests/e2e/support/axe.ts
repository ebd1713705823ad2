import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';
import { expect } from 'vitest';

/**
 * axe-core's serious and critical violations on the page as it is, one line each (rule, the
 * elements, and why), so a failing expectation says what to mend. `configure` narrows or adds
 * rules (for example `(b) => b.include('.oe-card')`).
 */
export async function seriousViolations(page: Page, configure: (builder: AxeBuilder) => AxeBuilder = (b) => b): Promise<string[]> {
  const result = await configure(new AxeBuilder({ page })).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''})`).join('; ')}`,
    );
}

/** The page as it is has no serious or critical axe violation; `where` names it in a failure. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

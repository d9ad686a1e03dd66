// Shared accessibility check for browser tests: fails on serious or critical axe violations and
// lists each one with its failing nodes, so the message says what to fix without a rerun.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export async function seriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
}

export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const violations = await seriousA11yViolations(page, options);
  expect(violations, `${page.url()}\n${describeViolations(violations)}`).toEqual([]);
}

// axe-core (Deque's accessibility engine, the one browsers' audits use) run inside a page of the real
// console: the WCAG 2.1 A/AA rules, answered as one line per violation so a test's problem list reads as
// what to fix (`color-contrast ×3: .ant-pagination-total-text …`). Only critical and serious count
// (issue 27's target: none on the login, the home, every generated list, the dialogs and the screens).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: unknown[]; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; nodes: AxeNode[] };

/** Where in the page: a region (a dialog, the menu, a large screen's panel) and nothing else counts. */
export type AxeScope = { include?: string; exclude?: string[] };

/**
 * The critical and serious violations on the page now, each as `<rule> ×<nodes>: <first targets>`.
 * The script is evaluated through the DevTools protocol, which the console's Content-Security-Policy
 * (script-src 'self') does not govern, so the page under test is the page users get.
 */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const installed = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!installed) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async ({ include, exclude }) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const context = { include: include ? [include] : [document], exclude: (exclude ?? []).map((s) => [s]) };
    const result = await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  }, scope);
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
      return `${v.id} ×${v.nodes.length}: ${targets}`;
    });
}

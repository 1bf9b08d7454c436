import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * axe-core (issue 17) in a real page. The script is evaluated through the DevTools protocol, not
 * added as a <script> tag: our pages' Content Security Policy refuses inline scripts, and the
 * check must see the page exactly as users get it.
 */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets checked: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeProblem {
  /** Where it was seen, e.g. "library (ko)". */
  screen: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
  /** The first node's failure summary: what axe found wrong. */
  summary: string;
  /** The first node's HTML (shortened). */
  html: string;
}

/**
 * Runs axe on the page as it is now (or on one part of it) and returns its serious and critical
 * violations. Minor and moderate ones are not returned (the bar is 0 serious or critical).
 */
export async function axeProblems(page: Page, screen: string, options: { include?: string; contrast?: boolean } = {}): Promise<AxeProblem[]> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, include, contrast }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: any[] }> } }).axe;
      // Tabster's focus bumpers (Fluent UI's <i data-tabster-dummy aria-hidden tabindex=0>) are focusable
      // on purpose, only to pass focus on; axe's aria-hidden-focus flags them (microsoft/tabster#288),
      // so they are left out of the check.
      const context = { include: include ? [include] : [['html']], exclude: [['[data-tabster-dummy]']] };
      const rules = contrast ? {} : { 'color-contrast': { enabled: false }, 'color-contrast-enhanced': { enabled: false } };
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        rule: v.id as string,
        impact: (v.impact ?? '') as string,
        help: v.help as string,
        helpUrl: v.helpUrl as string,
        targets: (v.nodes as { target: string[] }[]).slice(0, 8).map((n) => n.target.join(' ')),
        summary: ((v.nodes[0]?.failureSummary ?? '') as string).slice(0, 400),
        html: ((v.nodes[0]?.html ?? '') as string).slice(0, 300),
      }));
    },
    { tags: TAGS, include: options.include, contrast: options.contrast ?? true },
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ screen, ...v }));
}

/** A readable list of problems for a failing test's message. */
export function describeProblems(problems: AxeProblem[]): string {
  return problems
    .map(
      (p) =>
        `[${p.screen}] ${p.impact} ${p.rule}: ${p.help}\n  targets: ${p.targets.join(' | ')}\n  html: ${p.html}\n  ${p.summary.replace(/\n/g, '\n  ')}\n  ${p.helpUrl}`,
    )
    .join('\n');
}

/**
 * Collects the problems of several screens in one test, so one run names every violation, then
 * fails the test with all of them. `contrast: false` leaves out axe's colour-contrast rules, the
 * costliest it runs (the computed colours of every text node): a screen's colours are the same in
 * every language, so the suites check contrast in English and every other rule in all three.
 */
export function axeCollector(page: () => Page, defaults: { contrast?: boolean } = {}) {
  const problems: AxeProblem[] = [];
  return {
    problems,
    async check(screen: string, options: { include?: string } = {}): Promise<void> {
      problems.push(...(await axeProblems(page(), screen, { ...defaults, ...options })));
    },
    expectNone(): void {
      if (problems.length) throw new Error(`axe found ${problems.length} serious or critical violations:\n${describeProblems(problems)}`);
    },
  };
}

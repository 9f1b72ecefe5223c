// axe-core in the page (the @axe-core/playwright wrapper does not run on Node 20): inject the
// library's source, run it on the whole document, and return the violations in a readable form.
import axe from 'axe-core';
import type { Page } from '@playwright/test';

export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated over the DevTools protocol rather than added as a <script>: the page's
  // Content-Security-Policy (self-only scripts) rightly refuses an inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    // A theme switch starts colour transitions; measuring mid-way reports a blend of both themes.
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`.trim()),
    }));
  });
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

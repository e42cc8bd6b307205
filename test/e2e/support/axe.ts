import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/*
 * axe-core in the page: WCAG 2.1 A and AA, colour contrast included. The screenshot walk runs it
 * on every view it draws, so the views are walked once per theme, not twice.
 */

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** WCAG 2.1 A and AA, colour contrast included; serious and critical findings, one line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_AA)
    // Only violations come back in full: passes on a page of 50 rows cost time to serialise.
    .options({ resultTypes: ['violations'] })
    // axe.run in the page itself: the default runs each frame apart and merges the results in a
    // new blank page, which costs about a second a check here, and the app has no frames.
    .setLegacyMode(true);
  if (include !== undefined) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
      ),
    );
}

/** The check itself can fail: grey text on grey, put on the page for a moment, is reported. */
export async function expectAxeCatchesLowContrast(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.id = 'axe-control';
    probe.textContent = 'Low-contrast control text';
    probe.style.cssText = 'color:#8a8a8a;background:#9a9a9a;position:fixed;top:0;left:0';
    document.body.append(probe);
  });
  expect((await seriousViolations(page, '#axe-control')).join('\n')).toContain('color-contrast');
  await page.evaluate(() => document.getElementById('axe-control')?.remove());
}

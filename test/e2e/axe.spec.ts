import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FirstRunPage } from './pages/first-run-page';
import { tourOf, visit } from './support/tour';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// axe takes 1 to 3 s a view on these machines, and there are ten views.
test.describe.configure({ timeout: 90_000 });

/** WCAG 2.1 A and AA, colour contrast included; serious and critical findings, one line each. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
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
async function expectAxeCatchesLowContrast(page: Page): Promise<void> {
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

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // An organizer's key, so that the forms and edit actions are on the views that have them.
    test.use({ colorScheme: theme, appRole: 'organizer' });

    test(`every view passes axe, ${theme}`, async ({ app, service }) => {
      // A tour of every view, the what-if's 10,000 runs among them: more than the default time.
      test.slow();
      await expectAxeCatchesLowContrast(app.page);
      const found: Record<string, string[]> = {};
      for (const stop of await tourOf(app, service)) {
        await visit(app, stop);
        const violations = await seriousViolations(app.page);
        if (violations.length > 0) found[stop.name] = violations;
      }
      expect(found).toEqual({});
    });
  });
}

test.describe('the first run', () => {
  test.use({ start: 'first-run' });

  test('the first screen passes axe, light and dark', async ({ app }) => {
    await expect(new FirstRunPage(app.page).demoButton).toBeVisible();
    const found: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme: theme });
      const violations = await seriousViolations(app.page);
      if (violations.length > 0) found[theme] = violations;
    }
    expect(found).toEqual({});
  });
});

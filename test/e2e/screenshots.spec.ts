import { expect, test } from './fixtures';
import { FirstRunPage } from './pages/first-run-page';
import { expectAxeCatchesLowContrast, seriousViolations } from './support/axe';
import { tourOf, visit } from './support/tour';

/*
 * Every view at 1366×820 in both themes, saved with the test's results
 * (test-results/e2e/screenshots-…/<view>-<theme>.png) for a person to look at, and checked by
 * axe (WCAG 2.1 A and AA, serious and critical findings) as drawn. The themes come from the
 * system's colour scheme, which the app follows by default.
 */

// axe takes 1 to 3 s a view on these machines, and there are ten views.
test.describe.configure({ timeout: 90_000 });

const VIEWPORT = { width: 1366, height: 820 };

/** A PNG's size, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // An organizer's key, so that the forms and edit actions are on the views that have them.
    test.use({ colorScheme: theme, appRole: 'organizer' });

    test(`every view, ${theme}: drawn in its theme and passing axe`, async ({
      app,
      service,
    }, testInfo) => {
      // A tour of every view, the what-if's 10,000 runs among them: more than the default time.
      test.slow();
      await expectAxeCatchesLowContrast(app.page);
      const found: Record<string, string[]> = {};
      for (const stop of await tourOf(app, service)) {
        await visit(app, stop);
        const png = await app.page.screenshot({
          path: testInfo.outputPath(`${stop.name}-${theme}.png`),
          animations: 'disabled',
        });
        expect(pngSize(png), stop.name).toEqual(VIEWPORT);
        const background = await app.page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        );
        // A dark page is drawn on a dark background, a light one on a light background.
        const [red = 0, green = 0, blue = 0] = background.match(/\d+/g)?.map(Number) ?? [];
        const light = (red + green + blue) / 3 > 128;
        expect(light, `${stop.name}: body background ${background}`).toBe(theme === 'light');
        const violations = await seriousViolations(app.page);
        if (violations.length > 0) found[stop.name] = violations;
      }
      expect(found).toEqual({});
    });
  });
}

test.describe('the first run', () => {
  test.use({ start: 'first-run' });

  test('the first screen, light and dark, passing axe', async ({ app }, testInfo) => {
    await expect(new FirstRunPage(app.page).demoButton).toBeVisible();
    const found: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme: theme });
      const png = await app.page.screenshot({
        path: testInfo.outputPath(`first-run-${theme}.png`),
        animations: 'disabled',
      });
      expect(pngSize(png)).toEqual(VIEWPORT);
      expect(
        await app.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      ).toBe(theme === 'dark');
      const violations = await seriousViolations(app.page);
      if (violations.length > 0) found[theme] = violations;
    }
    expect(found).toEqual({});
  });
});

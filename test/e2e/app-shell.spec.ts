import { COMMAND_NAMES } from '../../src/shared/ipc/contract';
import { expect, test, APP_VERSION } from './fixtures';
import { SettingsPage } from './pages/settings-page';

test('Settings shows what main reports through app:info', async ({ app, dataDirectory }) => {
  await app.nav('Settings').click();
  await app.expectHeading('Settings');
  const settings = new SettingsPage(app.page);
  await expect(settings.fact('app-version')).toHaveText(APP_VERSION);
  await expect(settings.fact('app-data-directory')).toHaveText(dataDirectory);
  await expect(settings.fact('app-platform')).toHaveText(`${process.platform} (${process.arch})`);
  await expect(settings.fact('app-sqlite')).toHaveText(/^3\.\d+\.\d+$/);
  await expect(app.page.getByRole('alert')).toHaveCount(0);
});

// The bridge and the page's policy are the same whatever data is shown: the first run is enough.
test.describe('the page and its bridge', () => {
  test.use({ start: 'first-run' });

  test('the page exposes exactly the contract, frozen, with no generic invoke', async ({ app }) => {
    await app.waitUntilReady();
    const surface = await app.page.evaluate(() => {
      const api = window.api as unknown as Record<string, unknown>;
      const members = Object.entries(api).flatMap(([name, value]) =>
        typeof value === 'function'
          ? [name]
          : Object.keys(value as object).map((verb) => `${name}:${verb}`),
      );
      return { frozen: Object.isFrozen(api), members: members.sort() };
    });
    // One method per declared command, `subscribe` for the declared pushes, and nothing else.
    expect(surface).toEqual({ frozen: true, members: [...COMMAND_NAMES, 'subscribe'].sort() });
  });

  test('the Content Security Policy blocks string evaluation and inline scripts', async ({
    app,
  }) => {
    await app.waitUntilReady();
    // Code passed to page.evaluate runs with DevTools' exemption from CSP, so the page itself must
    // attempt the evaluation (a string timer, an inline script) and report the browser's verdict.
    const violations = await app.page.evaluate(async () => {
      const seen: string[] = [];
      const bothReported = new Promise<void>((done) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
          if (seen.length === 2) done();
        });
      });
      const stringTimer = window.setTimeout.bind(window) as unknown as (
        code: string,
        delay: number,
      ) => number;
      stringTimer('document.body.dataset.evalRan = "yes"', 0);
      const inline = document.createElement('script');
      inline.textContent = 'document.body.dataset.inlineRan = "yes";';
      document.body.append(inline);
      await bothReported;
      return {
        seen: seen.sort(),
        ran: [document.body.dataset.evalRan, document.body.dataset.inlineRan],
      };
    });
    expect(violations).toEqual({
      seen: ['script-src eval', 'script-src-elem inline'],
      ran: [undefined, undefined],
    });
  });

  test('an invalid IPC input comes back as a typed invalid_input error', async ({ app }) => {
    await app.waitUntilReady();
    const result = await app.page.evaluate(() =>
      (window.api!.app.info as (input: unknown) => Promise<unknown>)({ unexpected: true }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

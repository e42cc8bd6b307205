import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { join } from 'node:path';
import type { RunningPreview } from '../../../src/preview/preview';
import { QuickOpenDialog } from './quick-open';

/** Where the sidebar's links lead. */
export type ViewLink = 'Events' | 'Teams' | 'Compare' | 'Settings';

/** The app as a person sees it: found by role and accessible name first, test id second. */
export class AppPage {
  readonly quickOpen: QuickOpenDialog;

  constructor(
    readonly page: Page,
    readonly preview: RunningPreview,
    readonly dataDirectory: string,
  ) {
    this.quickOpen = new QuickOpenDialog(page);
  }

  get shell(): Locator {
    return this.page.getByTestId('app-shell');
  }

  /** The one `status` region named "Sync status", always there. */
  get syncBar(): Locator {
    return this.page.getByRole('status', { name: 'Sync status' });
  }

  /** The bar's headline; `data-state` is main's sync state. */
  get syncState(): Locator {
    return this.syncBar.getByTestId('sync-state');
  }

  /** "Last synced 4 min ago", "Never synced", or the data's age when stale. */
  get syncAge(): Locator {
    return this.syncBar.getByTestId('sync-age');
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get demoBanner(): Locator {
    return this.page.getByTestId('demo-banner');
  }

  /** Where the headless platform saves exports: `<data>/exports`. */
  get exportsDirectory(): string {
    return join(this.dataDirectory, 'exports');
  }

  nav(name: ViewLink): Locator {
    return this.page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name });
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.shell).toHaveAttribute('data-ready', 'true');
  }

  /** Until a sync has finished and the bar says so; never a fixed wait. */
  async waitForSync(timeout = 20_000): Promise<void> {
    await expect(this.syncAge).toHaveText(/^Last synced/, { timeout });
    await expect(this.syncState).toHaveAttribute('data-state', 'idle', { timeout });
  }

  /** Moves inside the app (a hash change, no reload), as a link would. */
  async go(hashPath: string): Promise<void> {
    await this.page.evaluate((path) => {
      window.location.hash = path;
    }, hashPath);
  }

  /** Settings at `viewport`, and its section `testId`, once its heading `name` shows. */
  async settingsSection(
    testId: string,
    name: string,
    viewport: { width: number; height: number },
  ): Promise<Locator> {
    await this.page.setViewportSize(viewport);
    await this.go('/settings');
    const section = this.page.getByTestId(testId);
    await expect(section.getByRole('heading', { name })).toBeVisible();
    return section;
  }

  /** `shot` taken in both themes (`<name>-light.png`, `-dark`), with the test's results. */
  async inBothThemes(
    testInfo: TestInfo,
    name: string,
    shot: (path: string) => Promise<unknown>,
  ): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await this.page.emulateMedia({ colorScheme: theme });
      await shot(testInfo.outputPath(`${name}-${theme}.png`));
    }
    await this.page.emulateMedia({ colorScheme: 'light' });
  }

  /** Expects the view's one level-1 heading. */
  async expectHeading(name: string | RegExp): Promise<void> {
    await expect(this.heading).toHaveCount(1);
    await expect(this.heading).toHaveText(name);
  }
}

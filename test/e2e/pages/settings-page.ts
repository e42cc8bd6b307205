import type { Locator, Page } from '@playwright/test';

/** `#/settings`: the service, sync scope, theme, cache and the data location with the about facts. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  fact(testId: 'app-version' | 'app-data-directory' | 'app-platform' | 'app-sqlite'): Locator {
    return this.page.getByTestId(testId);
  }

  theme(name: 'System' | 'Light' | 'Dark'): Locator {
    return this.page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name });
  }

  scope(name: 'Default' | 'All'): Locator {
    return this.page.getByRole('radiogroup', { name: 'Sync scope' }).getByRole('radio', { name });
  }
}

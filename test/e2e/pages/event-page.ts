import type { Locator, Page } from '@playwright/test';

/** `#/events/<id>`: the header, then the Teams, Rankings, Matches and Clips tabs. */
export class EventPage {
  constructor(private readonly page: Page) {}

  tab(name: 'Teams' | 'Rankings' | 'Matches' | 'Clips'): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}\\b`) });
  }

  get panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  get code(): Locator {
    return this.page.getByTestId('event-code');
  }
}

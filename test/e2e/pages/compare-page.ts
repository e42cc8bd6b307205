import type { Locator, Page } from '@playwright/test';

/** `#/compare?teams=…`: two to four teams side by side. */
export class ComparePage {
  constructor(private readonly page: Page) {}

  get addTeam(): Locator {
    return this.page.getByRole('textbox', { name: 'Add a team' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: /Team statistics/ });
  }

  /** The value of one statistic (a row header) for one team (its column), as text. */
  row(statistic: string): Locator {
    return this.table.getByRole('row').filter({
      has: this.page.getByRole('rowheader', { name: statistic, exact: true }),
    });
  }

  get exportButton(): Locator {
    return this.page.getByRole('button', { name: 'Export CSV' });
  }
}

import type { Locator, Page } from '@playwright/test';

/** `#/events`: the filters, one page of events, and the pages. */
export class EventsPage {
  constructor(private readonly page: Page) {}

  get filters(): Locator {
    return this.page.getByRole('search', { name: 'Filter events' });
  }

  get search(): Locator {
    return this.filters.getByRole('searchbox', { name: 'Search' });
  }

  get season(): Locator {
    return this.filters.getByRole('combobox', { name: 'Season' });
  }

  get status(): Locator {
    return this.filters.getByRole('combobox', { name: 'Status' });
  }

  /** "Live and next first" (the default) or "Oldest first" (the service's order). */
  get order(): Locator {
    return this.filters.getByRole('combobox', { name: 'Order' });
  }

  get region(): Locator {
    return this.filters.getByRole('textbox', { name: 'Region' });
  }

  get table(): Locator {
    return this.page.getByTestId('events-table');
  }

  /** Each event's row; the event's name is its link. */
  get rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link') });
  }

  get pages(): Locator {
    return this.page.getByRole('navigation', { name: 'Events pages' });
  }

  async ids(): Promise<string[]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((row) => (row as HTMLElement).dataset.eventId ?? ''),
    );
  }

  async names(): Promise<string[]> {
    return this.rows.getByRole('link').allTextContents();
  }

  link(name: string): Locator {
    return this.table.getByRole('link', { name, exact: true });
  }
}

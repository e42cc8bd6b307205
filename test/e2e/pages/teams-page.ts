import type { Locator, Page } from '@playwright/test';

/** `#/teams`: the filters and one virtualized grid of every team they match. */
export class TeamsPage {
  constructor(private readonly page: Page) {}

  get filters(): Locator {
    return this.page.getByRole('search', { name: 'Team filters' });
  }

  get season(): Locator {
    return this.filters.getByRole('combobox', { name: 'Season' });
  }

  get region(): Locator {
    return this.filters.getByRole('textbox', { name: 'Region' });
  }

  get search(): Locator {
    return this.filters.getByRole('searchbox', { name: 'Search' });
  }

  get favoritesOnly(): Locator {
    return this.filters.getByRole('checkbox', { name: 'Favorites only' });
  }

  /** A sortable column's header button, by the column's name. */
  sortBy(column: 'Number' | 'Name' | 'Record' | 'World rank'): Locator {
    return this.grid.getByRole('columnheader', { name: column }).getByRole('button');
  }

  /** The text of one column in the rows drawn now, in order. */
  async column(index: number): Promise<string[]> {
    return this.teamRows.evaluateAll(
      (rows, at) =>
        rows.map((row) => row.querySelectorAll('[role="gridcell"]')[at]?.textContent ?? ''),
      index,
    );
  }

  get grid(): Locator {
    return this.page.getByRole('grid', { name: 'Teams' });
  }

  /** The rows drawn now (the virtualizer draws only those near the view), header left out. */
  get teamRows(): Locator {
    return this.grid.locator('[role="row"][data-team-number]');
  }

  get total(): Locator {
    return this.page.getByTestId('teams-total');
  }

  /** The teams drawn now, each with its row's place in the whole list (from 0), in order. */
  async drawn(): Promise<{ index: number; number: number }[]> {
    const rows = await this.teamRows.evaluateAll((elements) =>
      elements.map((row) => ({
        index: Number((row as HTMLElement).dataset.rowIndex),
        number: Number((row as HTMLElement).dataset.teamNumber),
      })),
    );
    return rows.sort((a, b) => a.index - b.index);
  }
}

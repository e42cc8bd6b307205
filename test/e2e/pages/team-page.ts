import type { Locator, Page } from '@playwright/test';

/** The season's record is said once, in the summary line; the ranks have a card each. */
export const FIGURES = ['World rank', 'Regional rank', 'State rank'] as const;
export type Figure = (typeof FIGURES)[number];

/** `#/teams/<number>`: header, the season at a glance, the chart, and three tabs. */
export class TeamPage {
  constructor(private readonly page: Page) {}

  get season(): Locator {
    return this.page.getByRole('region', { name: 'Season' });
  }

  get seasonPicker(): Locator {
    return this.season.getByRole('combobox', { name: 'Season' });
  }

  /** A figure of the season, by its label, as a screen reader finds it. */
  figure(label: Figure): Locator {
    return this.season.getByLabel(label, { exact: true });
  }

  /** Under each rank: out of how many ("of 3,412 teams that played"), or who it is among. */
  get rankContexts(): Locator {
    return this.season.getByTestId('rank-context');
  }

  get summaryLine(): Locator {
    return this.page.getByTestId('season-line');
  }

  tab(name: 'Events' | 'Matches' | 'Clips'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  get favorite(): Locator {
    return this.page.getByRole('button', { name: 'Favorite' });
  }

  get compare(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Compare', exact: true });
  }
}

import type { Locator, Page } from '@playwright/test';

export const FIGURES = [
  'Wins',
  'Losses',
  'Win rate',
  'Average score',
  'High score',
  'World rank',
  'Regional rank',
  'State rank',
] as const;
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

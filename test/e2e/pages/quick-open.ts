import { expect, type Locator, type Page } from '@playwright/test';

/** Quick open: a dialog named "Quick open" holding a combobox, its results as options. */
export class QuickOpenDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Quick open' });
  }

  get input(): Locator {
    return this.dialog.getByRole('combobox');
  }

  get options(): Locator {
    return this.dialog.getByRole('option');
  }

  option(name: string | RegExp): Locator {
    return this.dialog.getByRole('option', { name });
  }

  /** The option the combobox points at: what Enter opens. */
  get highlighted(): Locator {
    return this.dialog.locator('[role="option"][aria-selected="true"]');
  }

  async openWithShortcut(key: 'Control+k' | '/' = 'Control+k'): Promise<void> {
    await this.page.keyboard.press(key);
    await expect(this.dialog).toBeVisible();
    await expect(this.input).toBeFocused();
  }

  async search(text: string): Promise<void> {
    await this.input.fill(text);
  }
}

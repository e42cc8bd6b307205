import type { Locator, Page } from '@playwright/test';

/** The first screen: the demo, or a service's address and key. */
export class FirstRunPage {
  constructor(private readonly page: Page) {}

  get demoChoice(): Locator {
    return this.page.getByRole('region', { name: 'Explore with demo data' });
  }

  get connectChoice(): Locator {
    return this.page.getByRole('region', { name: 'Connect to a service' });
  }

  get demoButton(): Locator {
    return this.demoChoice.getByRole('button', { name: 'Explore with demo data' });
  }

  get url(): Locator {
    return this.connectChoice.getByRole('textbox', { name: 'Service URL' });
  }

  /** Write-only: a password field, never filled back. */
  get key(): Locator {
    return this.connectChoice.getByLabel('API key');
  }

  get connectButton(): Locator {
    return this.connectChoice.getByRole('button', { name: 'Connect' });
  }

  /** A refusal about the service address, under its field. */
  get urlError(): Locator {
    return this.connectChoice.getByTestId('connect-url-error');
  }

  get keyError(): Locator {
    return this.connectChoice.getByTestId('connect-key-error');
  }

  /** About the connection as a whole (unreachable, not Pitside), above the form. */
  get formError(): Locator {
    return this.connectChoice.getByTestId('connect-error');
  }

  async connect(url: string, key: string): Promise<void> {
    await this.url.fill(url);
    await this.key.fill(key);
    await this.connectButton.click();
  }
}

import { createCredentials } from '../../src/main/credentials/credentials';
import { expect, test } from './fixtures';
import { FirstRunPage } from './pages/first-run-page';

test.use({ start: 'first-run' });

test('a bad URL is refused next to the URL field, before anything is sent', async ({ app }) => {
  const form = new FirstRunPage(app.page);
  await form.connect('pitside.example.org', 'some-key');
  await expect(form.urlError).toBeVisible();
  await expect(form.url).toHaveAttribute('aria-invalid', 'true');
  await expect(form.url).toHaveAccessibleDescription(/service URL/i);
  await expect(form.url).toBeFocused();
  await expect(form.keyError).toHaveCount(0);
  await expect(form.formError).toHaveCount(0);
  await app.expectHeading('Welcome to Pitside');
});

test('a refused key is said next to the key field, which is emptied', async ({ app, service }) => {
  const form = new FirstRunPage(app.page);
  await form.connect(service.url, 'not-a-key-this-service-knows');
  await expect(form.keyError).toHaveText(/refused this key/);
  await expect(form.key).toHaveAttribute('aria-invalid', 'true');
  await expect(form.key).toHaveAccessibleDescription(/refused this key/);
  await expect(form.key).toHaveValue('');
  await expect(form.urlError).toHaveCount(0);
  await expect(form.formError).toHaveCount(0);
  // Nothing was kept: the refused key never reached the keychain.
  expect(await createCredentials().getKey(service.url)).toBeNull();

  // The right key connects, goes to the keychain, and the views open on the service's data.
  await form.connect(service.url, service.keys.viewer);
  await app.expectHeading('Events');
  await app.waitForSync();
  expect(await createCredentials().getKey(service.url)).toBe(service.keys.viewer);
  await createCredentials().clearKey(service.url);
});

test.describe('with the service down', () => {
  test.use({ serviceAtStart: 'stopped' });

  test('an unreachable service, and a server that is not one, are said above the form', async ({
    app,
    service,
  }) => {
    const form = new FirstRunPage(app.page);
    await form.connect(service.url, service.keys.viewer);
    await expect(form.formError).toHaveText(/Nothing answered at/);
    await expect(form.formError).toHaveRole('alert');
    await expect(app.page.getByTestId('connect-form')).toHaveAccessibleDescription(
      /Nothing answered at/,
    );
    await expect(form.urlError).toHaveCount(0);
    await expect(form.keyError).toHaveCount(0);

    // The preview itself answers HTTP, but it is no competition service.
    await form.connect(app.preview.url, service.keys.viewer);
    await expect(form.formError).toHaveText(/not a competition service/);
    await app.expectHeading('Welcome to Pitside');
  });
});

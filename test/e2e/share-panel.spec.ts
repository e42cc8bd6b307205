import { advertiseShare, shareName } from '../../src/main/share/share-discovery';
import { localInterfaces } from '../../src/main/share/share-hosts';
import { expect, test } from './fixtures';

/*
 * Settings → Share at the venue, through the preview with the demo data: the share starts on the
 * address picked, shows its address and key as text and as a QR code, counts the laptops that
 * read from it as they do, and stops. The share answers the key it shows and nothing else.
 */

test.use({ start: 'demo' });

const VIEWPORT = { width: 1366, height: 860 };

test('shares the copy on loopback, shows who synced, and stops', async ({ app }, testInfo) => {
  const { page } = app;
  const section = await app.settingsSection('share', 'Share at the venue', VIEWPORT);
  // A default-scope copy is mostly lists: the panel says so before anything is shared.
  const caution = section.getByTestId('share-scope');
  await expect(caution).toContainText('synced with scope Default');
  await page.getByTestId('sync-scope').getByRole('radio', { name: 'All' }).check();
  await expect(caution).toBeHidden();
  await section.getByLabel('Share on').selectOption('127.0.0.1');
  await section.getByRole('button', { name: 'Start sharing' }).click();

  const url = (await section.getByTestId('share-url').textContent()) ?? '';
  const key = (await section.getByTestId('share-key').textContent()) ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect(key).toMatch(/^[0-9a-z]{5}(-[0-9a-z]{5}){3}$/);
  await expect(section.getByTestId('share-qr')).toBeVisible();
  await expect(section.getByTestId('share-laptops')).toHaveText('None has read from it yet.');

  // Another laptop's reads, with the key shown; without it the share answers nothing.
  expect((await fetch(`${url}v1/events`)).status).toBe(401);
  for (const path of ['v1/events?perPage=5', 'v1/teams?perPage=5']) {
    const reply = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect(reply.status).toBe(200);
  }
  await expect(section.getByTestId('share-laptops')).toContainText('1 laptop has read from it');
  await expect(section.getByTestId('share-clients')).toContainText('127.0.0.1');
  await expect(section.getByTestId('share-clients')).toContainText('2');

  await section.getByRole('heading', { name: 'Share at the venue' }).scrollIntoViewIfNeeded();
  await app.inBothThemes(testInfo, 'share-panel', (path) => section.screenshot({ path }));

  await section.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(section.getByRole('button', { name: 'Start sharing' })).toBeVisible();
  await expect(fetch(`${url}v1/events`)).rejects.toThrow();
});

test('lists a share nearby and fills Add a profile from it, the key left to type', async ({
  app,
}) => {
  const lan = localInterfaces().find((entry) => !entry.loopback);
  test.skip(lan === undefined, 'this machine has no network besides loopback');
  const url = `http://${lan?.address ?? ''}:47398/`;
  const advert = advertiseShare({ host: lan?.address ?? '', port: 47398, url });
  try {
    const { page } = app;
    await page.setViewportSize(VIEWPORT);
    await app.go('/settings');
    const nearby = page.getByTestId('share-nearby');
    // Discovery needs multicast; where the network drops it the panel says how to go on instead.
    const found = await nearby
      .getByText(url)
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    test.skip(!found, 'this network carries no multicast (mDNS): nothing can be found');
    await nearby.getByRole('button', { name: 'Add as a profile' }).click();
    const form = page.getByTestId('add-profile');
    await expect(form.getByTestId('profile-name')).toHaveValue(`Venue share: ${shareName()}`);
    await expect(form.getByTestId('profile-baseUrl')).toHaveValue(url);
    await expect(form.getByTestId('profile-key')).toBeFocused();

    // A share's link pasted as the address brings its key along.
    await form.getByTestId('profile-baseUrl').fill(`${url}#key=abcde-fghjk-mnpqr-stvwx`);
    await expect(form.getByTestId('profile-baseUrl')).toHaveValue(url);
    await expect(form.getByTestId('profile-key')).toHaveValue('abcde-fghjk-mnpqr-stvwx');
  } finally {
    await advert.stop();
  }
});

import type { EventListItem, EventRecord } from '../../src/shared/wire/event';
import { expect, test } from './fixtures';
import type { ReferenceService } from './support/reference-service';

// An organizer's key; no scheduled syncs, so that only the app's own sends and Ctrl+S run.
test.use({ appRole: 'organizer', syncIntervalMs: null });

/** Changes an event on the service as another organizer would, meanwhile. */
async function patchAsSomeoneElse(service: ReferenceService, eventId: string, patch: object) {
  const response = await fetch(`${service.url}/v1/events/${eventId}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${service.keys.organizer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(patch),
  });
  expect(response.status).toBe(200);
}

async function eventsNamed(service: ReferenceService, name: string): Promise<EventListItem[]> {
  const { data } = await service.list<EventListItem>(
    '/v1/events',
    { search: name, perPage: 100 },
    'organizer',
  );
  return data.filter((event) => event.name === name);
}

test('offline, an organizer creates and edits an event, reloads, and comes back online: the service holds it once', async ({
  app,
  service,
}) => {
  const { page } = app;
  const name = 'Harbour Winter Open';
  await service.stop();

  await test.step('create it with no signal', async () => {
    await app.go('/events/new');
    await app.expectHeading('New event');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Start').fill('2026-12-05T09:00');
    await page.getByLabel('End').fill('2026-12-06T17:30');
    await page.getByLabel('City').fill('Portsmouth');
    await page.getByLabel('Country').fill('GB');
    await page.getByTestId('event-form-save').click();
    await app.expectHeading(name);
    expect(page.url()).toMatch(/#\/events\/local[a-z0-9]{12}/);
    await expect(page.getByTestId('event-unsent')).toBeVisible();
  });

  await test.step('change its venue, still offline', async () => {
    await page.getByTestId('edit-event').click();
    await app.expectHeading(`Edit ${name}`);
    await page.getByLabel('Venue').fill('Guildhall');
    await page.getByTestId('event-form-save').click();
    await app.expectHeading(name);
  });

  await test.step('reload: both edits are still here, and still on screen', async () => {
    await page.reload();
    await app.waitUntilReady();
    await app.expectHeading(name);
    await app.go('/edits');
    await app.expectHeading('Edits not sent yet');
    await expect(page.getByTestId('edit-item')).toHaveCount(2);
  });

  await test.step('back online, Ctrl+S sends them, and nothing waits any more', async () => {
    await service.start();
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('state-empty')).toBeVisible({ timeout: 20_000 });
  });

  const [created, ...more] = await eventsNamed(service, name);
  expect(more).toEqual([]);
  const { data } = await service.one<EventRecord>(`/v1/events/${created!.id}`, {}, 'organizer');
  expect(data).toMatchObject({
    name,
    location: { venue: 'Guildhall', city: 'Portsmouth', country: 'GB' },
  });
  // The app now shows the event under the code the service gave it.
  await app.go(`/events/${created!.id}`);
  await app.expectHeading(name);
});

test('a change someone else made to the same field is shown as a conflict, and resolved in the panel', async ({
  app,
  service,
}) => {
  const { page } = app;
  const { data } = await service.list<EventListItem>('/v1/events', { perPage: 5 }, 'organizer');
  const target = data[2]!;
  await service.stop();

  await app.go(`/events/${target.id}/edit`);
  await app.expectHeading(`Edit ${target.name}`);
  await page.getByLabel('Name').fill('Renamed Here');
  await page.getByTestId('event-form-save').click();
  await app.expectHeading('Renamed Here');

  await service.start();
  await patchAsSomeoneElse(service, target.id, { name: 'Renamed There' });
  await app.go('/edits');
  await page.keyboard.press('Control+s');
  const item = page.getByTestId('edit-item');
  await expect(item.getByTestId('edit-state')).toHaveText(/conflict/i, { timeout: 20_000 });
  // Mine stays on screen until the organizer chooses; theirs is on the service meanwhile.
  expect(
    (await service.one<EventRecord>(`/v1/events/${target.id}`, {}, 'organizer')).data.name,
  ).toBe('Renamed There');

  await item.getByRole('button', { name: /Resolve/ }).click();
  const resolver = page.getByTestId('resolver');
  await expect(resolver).toContainText(target.name);
  await expect(resolver).toContainText('Renamed There');
  await expect(resolver).toContainText('Renamed Here');
  await resolver.getByRole('button', { name: 'Keep all mine' }).click();
  await expect(page.getByTestId('state-empty')).toBeVisible({ timeout: 20_000 });
  expect(
    (await service.one<EventRecord>(`/v1/events/${target.id}`, {}, 'organizer')).data.name,
  ).toBe('Renamed Here');
});

test.describe('with a key the service does not let write', () => {
  test.use({ appRole: 'viewer' });

  test('a refused new event opens in its form with what was typed, and is saved back as the same edit', async ({
    app,
  }) => {
    const { page } = app;
    // Queued as a form would (the forms are hidden for a viewer's key): the service refuses it.
    await app.preview.workspace.dataHandlers['events:create']({
      event: {
        name: 'Refused Open',
        season: '2026-2027',
        startDate: '2026-12-05T09:00:00Z',
        endDate: '2026-12-06T17:30:00Z',
        location: { city: 'Portsmouth', country: 'GB' },
      },
    });
    await app.go('/edits');
    const item = page.getByTestId('edit-item');
    await expect(item.getByTestId('edit-state')).toHaveText(/failed/i, { timeout: 20_000 });

    await item.getByTestId('fix-edit').click();
    await app.expectHeading('Correct and send again');
    await expect(page.getByTestId('fix-reason')).toContainText('refused');
    await expect(page.getByLabel('Name')).toHaveValue('Refused Open');
    await expect(page.getByLabel('City')).toHaveValue('Portsmouth');
    await page.getByLabel('Name').fill('Refused Open, corrected');
    await page.getByTestId('event-form-save').click();
    await app.expectHeading('Refused Open, corrected');

    await app.go('/edits');
    await expect(page.getByTestId('edit-item')).toHaveCount(1);
    await expect(page.getByTestId('edit-item')).toContainText('Refused Open, corrected');
  });
});

import type { EventListItem, EventRecord } from '../../src/shared/wire/event';
import type { EventAnswer } from '../../src/shared/ipc/reads';
import { expect, test } from './fixtures';
import type { ReferenceService } from './support/reference-service';

/*
 * An edit is based on what its form opened on, through the real renderer in Chromium and the
 * real main process behind the preview: a colleague's change a sync brings while the form is open
 * is never overwritten by what the organizer types there, and a visibility the cache never read is
 * no evidence of anyone's change, so a change of it is sent rather than held.
 */

// An organizer's key; no scheduled syncs, so that only the test's, the app's own sends and Ctrl+S run.
test.use({ appRole: 'organizer', syncIntervalMs: null });

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

async function onService(service: ReferenceService, eventId: string): Promise<EventRecord> {
  return (await service.one<EventRecord>(`/v1/events/${eventId}`, {}, 'organizer')).data;
}

test('the form open while a sync brings a colleague’s change: their venue shows, and the name typed over theirs is a conflict', async ({
  app,
  service,
}) => {
  const { page } = app;
  const { data } = await service.list<EventListItem>('/v1/events', { perPage: 5 }, 'organizer');
  const target = data[2]!;

  await app.go(`/events/${target.id}/edit`);
  await app.expectHeading(`Edit ${target.name}`);
  await expect(page.getByLabel('Name')).toHaveValue(target.name);

  await test.step('a sync brings a colleague’s name and venue while the form is open', async () => {
    await patchAsSomeoneElse(service, target.id, {
      name: 'Renamed There',
      location: { venue: 'Their Hall' },
    });
    const summary = await app.preview.workspace.current.engine.run({ scope: 'default' });
    expect(summary.outcome).toBe('completed');
    // Fields the organizer has not touched show the colleague's values. Soft: the conflict below
    // is checked whether or not they do.
    await expect.soft(page.getByLabel('Venue')).toHaveValue('Their Hall');
    await expect.soft(page.getByLabel('Name')).toHaveValue('Renamed There');
  });

  await test.step('the organizer renames it and saves', async () => {
    await page.getByLabel('Name').fill('Renamed Here');
    await page.getByTestId('event-form-save').click();
    await app.expectHeading('Renamed Here');
  });

  await test.step('the panel shows the conflict, with what the form opened on, theirs and mine', async () => {
    await app.go('/edits');
    await page.keyboard.press('Control+s');
    const item = page.getByTestId('edit-item');
    await expect(item.getByTestId('edit-state')).toHaveText(/conflict/i, { timeout: 20_000 });
    await item.getByRole('button', { name: /Resolve/ }).click();
    const name = page.getByTestId('resolver').locator('tr[data-field="name"]');
    await expect(name).toContainText(target.name);
    await expect(name).toContainText('Renamed Here');
    await expect(name).toContainText('Renamed There');
  });

  // Nothing of the organizer's went over the colleague's: their name and venue are on the service.
  expect(await onService(service, target.id)).toMatchObject({
    name: 'Renamed There',
    location: { venue: 'Their Hall' },
  });
});

test('a list-only private event made unlisted offline: the change goes out when the app is back online, not held', async ({
  app,
  service,
}) => {
  const { page } = app;
  const { data } = await service.list<EventListItem>('/v1/events', { perPage: 100 }, 'organizer');
  const handlers = app.preview.workspace.dataHandlers;
  const read = (eventId: string) =>
    Promise.resolve<EventAnswer>(handlers['events:get']({ eventId }));
  const privates: EventListItem[] = [];
  for (const event of data) {
    if ((await onService(service, event.id)).visibility === 'private') privates.push(event);
  }
  await service.stop();
  let listOnly: EventListItem | undefined;
  for (const event of privates) {
    if ((await read(event.id)).data.visibility === null) {
      listOnly = event;
      break;
    }
  }
  expect(listOnly, 'a private event the app knows from the list alone').toBeDefined();
  const target = listOnly!;

  await test.step('offline, the organizer makes it unlisted', async () => {
    await app.go(`/events/${target.id}/edit`);
    await app.expectHeading(`Edit ${target.name}`);
    await expect(page.getByTestId('event-form-visibility')).toContainText('Not synced yet');
    await page.getByRole('radio', { name: /Unlisted/ }).check();
    await page.getByTestId('event-form-save').click();
    await app.expectHeading(target.name);
  });

  await test.step('back online, it is sent: a visibility never read here is nobody’s change', async () => {
    await service.start();
    await app.go('/edits');
    const item = page.getByTestId('edit-item');
    await expect(item).toHaveCount(1);
    await page.keyboard.press('Control+s');
    await expect(item).toHaveCount(0, { timeout: 20_000 });
  });

  expect((await onService(service, target.id)).visibility).toBe('unlisted');
});

import type { EventListItem, EventRecord } from '../../src/shared/wire/event';
import { expect, test } from './fixtures';
import type { ReferenceService } from './support/reference-service';

// An administrator's key (delete is theirs); no scheduled syncs, only the app's own sends.
test.use({ appRole: 'admin', syncIntervalMs: null });

async function firstEvent(service: ReferenceService): Promise<EventListItem> {
  const { data } = await service.list<EventListItem>('/v1/events', { perPage: 5 }, 'admin');
  const [event] = data;
  if (event === undefined) throw new Error('the reference service has no events');
  return event;
}

async function setStream(service: ReferenceService, eventId: string, streamStatus: string) {
  const response = await fetch(`${service.url}/v1/events/${eventId}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${service.keys.admin}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ streamStatus }),
  });
  await response.arrayBuffer();
}

test('a delete confirmed is in the outbox at once: a reload in its undo window keeps it', async ({
  app,
  service,
}) => {
  const { page } = app;
  const target = await firstEvent(service);
  await app.waitForSync();
  await app.go(`/events/${target.id}`);
  await app.expectHeading(target.name);
  await test.step('the question holds the focus, Cancel first, and Esc gives it back', async () => {
    const dialog = page.getByTestId('delete-event-dialog');
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await page.getByTestId('delete-event').click();
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('delete-event-confirm')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('delete-event')).toBeFocused();
  });
  await page.getByTestId('delete-event').click();
  await page.getByTestId('delete-event-confirm').click();
  await expect(page.getByTestId('undo-delete')).toBeVisible();

  // Closed and opened again before the window ends: the deletion was not only in the page.
  await page.reload();
  await app.waitUntilReady();
  await app.go('/edits');
  await expect(page.locator('[data-testid="edit-item"][data-kind="delete"]')).toHaveText(
    new RegExp(`Deletion of ${target.name}`),
  );
  // Held for its window: the service still has the event.
  const { data } = await service.one<EventRecord>(`/v1/events/${target.id}`, {}, 'admin');
  expect(data.id).toBe(target.id);
});

test('"End stream" offers Undo in its notice, which keeps the stream live', async ({
  app,
  service,
}) => {
  const { page } = app;
  const target = await firstEvent(service);
  for (const status of ['none', 'scheduled', 'live']) await setStream(service, target.id, status);
  await app.waitForSync();
  await app.go(`/events/${target.id}`);
  await app.expectHeading(target.name);
  await page.getByTestId('stream-to-ended').click();
  await page.getByTestId('notice-undo').click();
  await expect(page.getByTestId('stream-to-ended')).toBeVisible();
  await app.go('/edits');
  await expect(page.getByTestId('state-empty')).toBeVisible();
});

test('Esc on the form asks before dropping what was typed', async ({ app }) => {
  const { page } = app;
  await app.go('/events/new');
  await app.expectHeading('New event');
  await page.getByLabel('Name').fill('Typed Then Kept');
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByLabel('Name').press('Escape');
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain('not saved');
  await expect(page.getByLabel('Name')).toHaveValue('Typed Then Kept');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Name').press('Escape');
  await expect(page.getByTestId('event-form')).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import type { RunningPreview } from '../../src/preview/preview';
import type { Notice } from '../../src/shared/ipc/notifications';
import type { EventListItem, StreamStatus } from '../../src/shared/wire/event';
import { expect, test } from './fixtures';
import type { ReferenceService } from './support/reference-service';

/*
 * The digest and the notifications through the preview: main's real sync, digest, rules and
 * slot, with the preview's notifier (a toast in the page) in place of the system's. Another
 * organizer changes a pinned event on the service; the app syncs when the person asks.
 */

test.use({ syncIntervalMs: null });

/** The shortest way, by transitions the service allows, to a live stream. */
const TO_LIVE: Record<StreamStatus, StreamStatus[]> = {
  none: ['scheduled', 'live'],
  scheduled: ['live'],
  live: [],
  ended: ['scheduled', 'live'],
};

async function patch(service: ReferenceService, eventId: string, body: object): Promise<void> {
  const response = await fetch(`${service.url}/v1/events/${eventId}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${service.keys.organizer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A live event whose stream is not live yet, pinned, its copy pulled once: what the next sync compares with. */
async function pinLiveEvent(
  preview: RunningPreview,
  service: ReferenceService,
): Promise<EventListItem> {
  const live = await service.list<EventListItem>('/v1/events', { status: 'live', perPage: 1 });
  const found = live.data[0];
  if (found === undefined) throw new Error('the demo data has no live event');
  if (found.streamStatus === 'live') await patch(service, found.id, { streamStatus: 'ended' });
  const event = {
    ...found,
    streamStatus: found.streamStatus === 'live' ? 'ended' : found.streamStatus,
  };
  await preview.workspace.dataHandlers['pins:set']({ eventId: event.id, pinned: true });
  expect((await preview.workspace.current.engine.run()).outcome).toBe('completed');
  // What that sync brought (the stream ended above) is read: the test counts from here.
  await preview.workspace.dataHandlers['digest:seen'](undefined);
  return event;
}

/** Every notice main pushed to the page from now on. */
function noticesPushed(preview: RunningPreview): Notice[] {
  const pushed: Notice[] = [];
  preview.workspace.pushes.attach((name, payload) => {
    if (name === 'notify:show') pushed.push(payload as Notice);
  });
  return pushed;
}

/**
 * Syncs as the person would, then waits until main has looked at the news: the bar's count of
 * changes (`changes`, when the sync is to bring some) arrives with the same push that starts a look.
 */
async function syncNow(page: Page, preview: RunningPreview, changes?: RegExp): Promise<void> {
  await page.getByTestId('sync-fix').click();
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'idle');
  await preview.workspace.current.engine.idle();
  if (changes !== undefined) await expect(page.getByTestId('sync-changes')).toHaveText(changes);
  await preview.notifications.settled();
}

test('a change on the service shows in the digest, notifies once, and a click opens the event', async ({
  app,
  preview,
  service,
}, testInfo) => {
  const event = await pinLiveEvent(preview, service);
  const pushed = noticesPushed(preview);
  for (const streamStatus of TO_LIVE[event.streamStatus]) {
    await patch(service, event.id, { streamStatus });
  }
  await patch(service, event.id, { location: { venue: 'Fieldhouse' } });
  await syncNow(app.page, preview, /^2 changes since \d{1,2}:\d\d/);

  // One notice for the one change, shown as the system's notification would be.
  expect(pushed.map((notice) => notice.title)).toEqual([`${event.name} is streaming live`]);
  const toast = app.page.getByTestId('notification');
  await expect(toast).toContainText(`${event.name} is streaming live`);

  // The same service again: nothing new, nothing announced again.
  await app.page.getByRole('button', { name: 'Dismiss' }).click();
  await syncNow(app.page, preview);
  expect(pushed).toHaveLength(1);
  await expect(toast).toHaveCount(0);

  // The sync bar counts the changes and opens the digest.
  const changes = app.page.getByTestId('sync-changes');
  await expect(changes).toHaveText(/^2 changes since \d{1,2}:\d\d/);
  await changes.click();
  await app.expectHeading('What changed');
  // The newest sync first; the one before it brought the ended stream this test started from.
  const lines = app.page.getByTestId('digest-sync').first().getByTestId('digest-line');
  await expect(lines).toHaveText([
    /^Stream: .+ → Live now$/,
    `Venue: ${event.location.venue === '' ? '(none)' : event.location.venue} → Fieldhouse`,
  ]);
  for (const theme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: theme });
    await app.page.screenshot({ path: testInfo.outputPath(`digest-${theme}.png`) });
  }
  // Opened, the digest is read: the bar stops counting.
  await expect(changes).toHaveCount(0);
  await lines.filter({ hasText: 'Venue' }).getByRole('link').click();
  await expect(app.page).toHaveURL(new RegExp(`#/events/${event.id}$`));

  // A notification's click opens its view, wherever the person is.
  await app.go('/teams');
  preview.workspace.pushes.send('notify:show', pushed[0] as Notice);
  await app.page.getByTestId('notification-open').click();
  await expect(app.page).toHaveURL(new RegExp(`#/events/${event.id}$`));
  await app.expectHeading(event.name);
});

test('no notification for a kind switched off, nor for old news once it is on again', async ({
  app,
  preview,
  service,
}) => {
  const event = await pinLiveEvent(preview, service);
  const pushed = noticesPushed(preview);
  await app.go('/settings');
  const streams = app.page.getByRole('checkbox', { name: 'A pinned event’s stream goes live' });
  await expect(streams).toBeChecked();
  await streams.uncheck();
  await expect(streams).not.toBeChecked();

  for (const streamStatus of TO_LIVE[event.streamStatus]) {
    await patch(service, event.id, { streamStatus });
  }
  // The view updates instead: the change is in the digest.
  await syncNow(app.page, preview, /^1 change since/);
  expect(pushed).toEqual([]);

  // Hours later (the app was closed), streams are switched on again: that change is old news.
  const { writer } = preview.workspace.current.cache;
  writer.prepare(`UPDATE digest_syncs SET finished_at = '2000-01-01T00:00:00Z'`).run();
  await streams.check();
  await expect(streams).toBeChecked();
  await syncNow(app.page, preview);
  expect(pushed).toEqual([]);
});

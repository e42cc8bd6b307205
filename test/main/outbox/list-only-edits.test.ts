import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import type { FetchLike } from '../../../src/main/api/request';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import type { EditList, EditView } from '../../../src/shared/ipc/edits';
import type { EventAnswer } from '../../../src/shared/ipc/reads';
import type { EventRecord, Visibility } from '../../../src/shared/wire/event';
import { openOn } from '../../../src/renderer/src/views/event-form/form-opening';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { patchEvent, startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { serviceEvent, serviceEvents } from './outbox-rig';

/*
 * Edits of events the cache holds only as list entries (most of them, in the default scope): a
 * list item carries no visibility, so an unlisted or private event's is never seen here. Made
 * offline through the data layer as the renderer reaches it, sent when the network is back, with
 * an organizer's and an admin's key, against the reference service with and without its
 * extensions. A field never seen is no evidence that someone changed it: the edit goes out (a
 * delete an organizer may not make is refused by the service, not held here). A field that was
 * seen and someone else changed is still a conflict.
 */

/** A sync, the offline tries and the sync back: several seconds each on a busy machine. */
const SLOW_MS = 60_000;

interface Offline {
  layer: DataLayer;
  dispatch: Dispatch;
  /** Cuts this layer off the network (every request fails before it leaves), or brings it back. */
  setOffline(offline: boolean): void;
  /** Paths of the writes that reached the service, as `METHOD /path`. */
  writes: string[];
}

/*
 * Each key and service has a service of its own, so the four run side by side (most of a test is
 * waiting: the send delay after a save, the offline tries' backoff). Within one, the tests go one
 * after another: an admin's deletes change what the next test finds.
 */
describe.concurrent.each([
  { extensions: true, role: 'organizer', label: 'with extensions' },
  { extensions: true, role: 'admin', label: 'with extensions' },
  { extensions: false, role: 'organizer', label: 'with --extensions off' },
  { extensions: false, role: 'admin', label: 'with --extensions off' },
] as const)(
  'edits of events known from the list alone, with an $role key, $label',
  ({ extensions, role }) => {
    let server: TestServer;
    /** The demo's unlisted and private events, read one by one: a list item has no visibility. */
    const hidden: EventRecord[] = [];
    const layers: DataLayer[] = [];
    const directories: string[] = [];

    beforeAll(async () => {
      server = await startTestServer({ extensions });
      for (const { id } of await serviceEvents(server, '')) {
        const record = await serviceEvent(server, id);
        if (record !== null && record.visibility !== 'public') hidden.push(record);
      }
    });
    afterAll(() => server.close());
    afterEach(async () => {
      for (const layer of layers.splice(0)) await layer.close();
      for (const directory of directories.splice(0)) {
        rmSync(directory, { recursive: true, force: true });
      }
    });

    /** A data layer synced once with the default scope, then taken offline. */
    async function syncedThenOffline(): Promise<Offline> {
      const dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-list-only-'));
      directories.push(dataDirectory);
      const state = { offline: false };
      const writes: string[] = [];
      const network: FetchLike = async (url, init) => {
        if (state.offline) throw new TypeError('fetch failed (network is down)');
        const method = init.method ?? 'GET';
        if (method !== 'GET') writes.push(`${method} ${new URL(url).pathname}`);
        return fetch(url, init);
      };
      const layer = openDataLayer({
        dataDirectory,
        fetch: network,
        credentials: createCredentials(),
        keyOverride: { baseUrl: server.url, key: server.keys[role], from: 'environment' },
        now: () => new Date(TEST_NOW),
      });
      layers.push(layer);
      const dispatch = dispatcherOf(layer);
      await valueOf(dispatch('settings:setService', { baseUrl: server.url }));
      await layer.engine.idle();
      expect(layer.engine.status()).toMatchObject({ state: 'idle', problem: null });
      state.offline = true;
      return {
        layer,
        dispatch,
        writes,
        setOffline: (offline) => {
          state.offline = offline;
        },
      };
    }

    /**
     * The event's page opened offline, as the organizer does before an edit: its single record
     * cannot be read, so what shows (and what the form opens on) is the list item.
     */
    async function openedOffline({ layer, dispatch }: Offline, eventId: string) {
      const answer = await valueOf<EventAnswer>(dispatch('events:get', { eventId }));
      await layer.engine.idle();
      expect(answer.data.visibility, `${eventId} is known from the list alone`).toBeNull();
      return answer;
    }

    /** The demo's events of one visibility still on the service, as they read now. */
    async function withVisibility(visibility: Visibility): Promise<EventRecord[]> {
      const found: EventRecord[] = [];
      for (const { id } of hidden.filter((event) => event.visibility === visibility)) {
        const record = await serviceEvent(server, id);
        if (record !== null) found.push(record);
      }
      expect(found.length, `the demo's ${visibility} events`).toBeGreaterThan(0);
      return found;
    }

    /**
     * The network is back: the next sync sends the outbox first. A run of the edits alone that a
     * save started offline may still be going; it ends first, so the sync is one of its own.
     */
    async function backOnline(opened: Offline) {
      opened.setOffline(false);
      await opened.layer.engine.idle();
      const summary = await opened.layer.engine.run({ scope: 'default' });
      await opened.layer.engine.idle();
      expect(summary.outcome).toBe('completed');
      return summary;
    }

    const listed = async (dispatch: Dispatch) =>
      (await valueOf<EditList>(dispatch('edits:list', undefined))).data;

    it.sequential.each(['unlisted', 'private'] as const)(
      'a delete of a list-only %s event nobody changed goes out, not held as a conflict',
      async (visibility) => {
        const [target] = await withVisibility(visibility);
        const opened = await syncedThenOffline();
        await openedOffline(opened, target!.id);
        const queued = await valueOf<EditView>(
          opened.dispatch('events:delete', { eventId: target!.id }),
        );
        expect(queued).toMatchObject({ kind: 'delete', state: 'pending' });
        await opened.layer.engine.idle();

        const summary = await backOnline(opened);
        expect(summary.outbox.conflicts).toBe(0);
        expect(opened.writes.filter((write) => write.endsWith(target!.id))).toEqual([
          `DELETE /v1/events/${target!.id}`,
        ]);
        if (role === 'admin') {
          expect(summary.outbox).toMatchObject({ failed: 0 });
          expect(await listed(opened.dispatch)).toEqual([]);
          expect(await serviceEvent(server, target!.id)).toBeNull();
        } else {
          // Deleting takes the admin role: the service says no, and the organizer reads why.
          expect(summary.outbox).toMatchObject({ failed: 1 });
          expect(await listed(opened.dispatch)).toMatchObject([
            {
              id: queued.id,
              kind: 'delete',
              state: 'failed',
              attempts: 1,
              conflict: null,
              error: { code: 'forbidden', status: 403 },
            },
          ]);
          expect(await serviceEvent(server, target!.id)).toMatchObject({ visibility });
        }
      },
      SLOW_MS,
    );

    it.sequential.each([
      { visibility: 'unlisted', to: 'private' },
      { visibility: 'private', to: 'unlisted' },
    ] as const)(
      'an update of a list-only $visibility event goes out whole, its visibility too',
      async ({ visibility, to }) => {
        // The last: an admin's test above deleted the first.
        const target = (await withVisibility(visibility)).at(-1);
        const opened = await syncedThenOffline();
        const form = openOn((await openedOffline(opened, target!.id)).data, null);
        const name = `${target!.name} (${role}, ${extensions ? 'etags' : 'plain'})`;
        await valueOf(
          opened.dispatch('events:update', {
            eventId: target!.id,
            patch: { name, visibility: to },
            base: form.base,
          }),
        );
        await valueOf(
          opened.dispatch('events:update', {
            eventId: target!.id,
            patch: { location: { venue: 'Hall 9' } },
          }),
        );
        await opened.layer.engine.idle();

        const summary = await backOnline(opened);
        expect(summary.outbox).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
        expect(await listed(opened.dispatch)).toEqual([]);
        expect(await serviceEvent(server, target!.id)).toMatchObject({
          name,
          visibility: to,
          location: { venue: 'Hall 9' },
        });
        // Put back, so that the next test finds the demo's events as they were.
        expect(await patchEvent(server, target!.id, { visibility })).toBe(200);
      },
      SLOW_MS,
    );

    it.sequential(
      'a field that was seen and someone else changed is still a conflict, for a delete and an update',
      async () => {
        const [deleted, updated] = await withVisibility('unlisted');
        expect(updated, 'two unlisted events').toBeDefined();
        const opened = await syncedThenOffline();
        await openedOffline(opened, deleted!.id);
        const form = openOn((await openedOffline(opened, updated!.id)).data, null);
        const deletion = await valueOf<EditView>(
          opened.dispatch('events:delete', { eventId: deleted!.id }),
        );
        const update = await valueOf<EditView>(
          opened.dispatch('events:update', {
            eventId: updated!.id,
            patch: { name: 'Named Here', visibility: 'public' },
            base: form.base,
          }),
        );
        await opened.layer.engine.idle();
        // Meanwhile a colleague renames both on the service: a change to a field seen here.
        expect(await patchEvent(server, deleted!.id, { name: 'Renamed There' })).toBe(200);
        expect(await patchEvent(server, updated!.id, { name: 'Named There' })).toBe(200);

        const summary = await backOnline(opened);
        expect(summary.outbox.conflicts).toBe(2);
        const edits = await listed(opened.dispatch);
        expect(edits.find((edit) => edit.id === deletion.id)).toMatchObject({
          state: 'conflict',
          conflict: {
            fields: { name: { base: deleted!.name, theirs: 'Renamed There', mine: null } },
          },
        });
        // The visibility never seen is no one's change: it went out, only the name is held.
        expect(edits.find((edit) => edit.id === update.id)).toMatchObject({
          state: 'conflict',
          conflict: {
            fields: { name: { base: updated!.name, theirs: 'Named There', mine: 'Named Here' } },
          },
        });
        for (const edit of edits) expect(Object.keys(edit.conflict!.fields)).toEqual(['name']);
        expect(opened.writes).not.toContain(`DELETE /v1/events/${deleted!.id}`);
        expect(await serviceEvent(server, deleted!.id)).toMatchObject({ name: 'Renamed There' });
        expect(await serviceEvent(server, updated!.id)).toMatchObject({
          name: 'Named There',
          visibility: 'public',
        });
        for (const [event, name] of [
          [deleted!, deleted!.name],
          [updated!, updated!.name],
        ] as const) {
          expect(await patchEvent(server, event.id, { name, visibility: 'unlisted' })).toBe(200);
        }
      },
      SLOW_MS,
    );
  },
);

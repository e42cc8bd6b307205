import { describe, expect, it, vi } from 'vitest';
import { PushHub } from '../../src/main/ipc/push-hub';
import type { EditState } from '../../src/shared/ipc/edits';
import {
  leaveDecision,
  quitChosen,
  quitQuestion,
  tallyUnsent,
  trackUnsentEdits,
  unsentEditsMessage,
  unsentTotal,
  type UnsentTally,
} from '../../src/main/quit-warning';

const total = ({ waiting, attention }: UnsentTally) => waiting + attention;

/*
 * The window's question when it is closed with edits not sent. src/main/window.ts hands this
 * question to Electron's dialog.showMessageBoxSync, which cannot run here (no Electron binary):
 * everything that call depends on is checked instead.
 */

/** Edits in these states, as `edits:list` answers them (only the state is read here). */
const listed = (...states: EditState[]) => states.map((state) => ({ state }));

/** Lets the tracker's reads settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('unsentEditsMessage', () => {
  it('says how many edits are not sent and that they go out next time', () => {
    expect(unsentEditsMessage({ waiting: 3, attention: 0 })).toBe(
      '3 edits are not sent yet. They are kept and go out with the next sync when you open Pitside again.',
    );
  });

  it('speaks of one edit in the singular', () => {
    expect(unsentEditsMessage({ waiting: 1, attention: 0 })).toBe(
      '1 edit is not sent yet. It is kept and goes out with the next sync when you open Pitside again.',
    );
  });

  it('never says refused or conflicting edits go out with the next sync', () => {
    expect(unsentEditsMessage({ waiting: 0, attention: 2 })).toBe(
      '2 edits were refused by the service or are in conflict. They are kept, but they do not go out until you correct or resolve them in Edits.',
    );
    expect(unsentEditsMessage({ waiting: 1, attention: 2 })).toBe(
      '3 edits are not sent yet. 1 edit goes out with the next sync when you open Pitside again; 2 edits were refused or are in conflict and wait for you in Edits.',
    );
    expect(quitQuestion({ waiting: 0, attention: 1 })?.detail).toBe(
      'Stay to correct or resolve them in Edits.',
    );
  });

  it('counts refused and conflicting edits apart from those waiting', () => {
    expect(tallyUnsent(listed('pending', 'sending', 'failed', 'conflict', 'pending'))).toEqual({
      waiting: 3,
      attention: 2,
    });
  });
});

describe('other services’ edits in the question', () => {
  const elsewhere = [
    { service: 'https://pitside.example.org', waiting: 2, attention: 0 },
    { service: 'demo', waiting: 0, attention: 1 },
  ];

  it('names each other service with its count, after the current one’s', () => {
    expect(unsentEditsMessage({ waiting: 1, attention: 0, elsewhere })).toBe(
      '1 edit is not sent yet. It is kept and goes out with the next sync when you open Pitside again. ' +
        '2 edits for https://pitside.example.org are kept; they go out when you switch back to it. ' +
        '1 edit for the demo is kept until you switch back to it.',
    );
  });

  it('asks even when only another service has edits waiting, and says quitting loses none', () => {
    const question = quitQuestion({ waiting: 0, attention: 0, elsewhere: elsewhere.slice(0, 1) });
    expect(question).toMatchObject({
      message:
        '2 edits for https://pitside.example.org are kept; they go out when you switch back to it.',
      detail: 'Quitting loses none of them.',
      buttons: ['Quit', 'Stay'],
    });
  });

  it('says nothing of a service with nothing left', () => {
    expect(
      quitQuestion({
        waiting: 0,
        attention: 0,
        elsewhere: [{ service: 'demo', waiting: 0, attention: 0 }],
      }),
    ).toBeNull();
  });

  it('reads the other services with the current one, and again when the outbox changes', async () => {
    const hub = new PushHub();
    const groups = [[{ service: 'https://a.example', edits: listed('pending', 'failed') }], []];
    const others = vi.fn(() => Promise.resolve({ groups: groups.shift() ?? [] }));
    const tracker = trackUnsentEdits({
      hub,
      list: () => Promise.resolve({ data: [] }),
      elsewhere: others,
    });
    await settle();
    expect(tracker.tally().elsewhere).toEqual([
      { service: 'https://a.example', waiting: 1, attention: 1 },
    ]);
    expect(unsentTotal(tracker.tally())).toBe(2);
    hub.send('cache:changed', { resources: ['all'] });
    await settle();
    expect(unsentTotal(tracker.tally())).toBe(0);
    expect(others).toHaveBeenCalledTimes(2);
  });
});

describe('quitQuestion', () => {
  it('offers Quit and Stay, with Stay where Enter and Escape land', () => {
    const question = quitQuestion({ waiting: 2, attention: 0 });
    expect(question).toMatchObject({
      message: unsentEditsMessage({ waiting: 2, attention: 0 }),
      buttons: ['Quit', 'Stay'],
    });
    expect(question?.buttons[question.defaultId]).toBe('Stay');
    expect(question?.buttons[question.cancelId]).toBe('Stay');
  });

  it('asks nothing when nothing is unsent', () => {
    expect(quitQuestion({ waiting: 0, attention: 0 })).toBeNull();
  });

  it('lets the window go only on Quit', () => {
    const question = quitQuestion({ waiting: 2, attention: 0 });
    if (question === null) throw new Error('expected a question');
    expect(quitChosen(question.buttons.indexOf('Quit'))).toBe(true);
    expect(quitChosen(question.buttons.indexOf('Stay'))).toBe(false);
    expect(quitChosen(question.cancelId)).toBe(false);
  });
});

describe('leaveDecision', () => {
  it('asks when the window closes with edits unsent', () => {
    expect(leaveDecision({ closing: true, unsent: 2 })).toBe('ask');
  });

  it('lets a reload go: the edits are on disk and the page reads them again', () => {
    expect(leaveDecision({ closing: false, unsent: 2 })).toBe('leave');
  });

  it('lets the window go when main knows of nothing unsent, the page having held on late', () => {
    expect(leaveDecision({ closing: true, unsent: 0 })).toBe('leave');
  });
});

describe('trackUnsentEdits', () => {
  it('reads the count at once and again when a commit touches the outbox', async () => {
    const hub = new PushHub();
    const answers = [listed('pending', 'failed'), listed('pending', 'failed', 'conflict'), []];
    const list = vi.fn(() => Promise.resolve({ data: answers.shift() ?? [] }));
    const tracker = trackUnsentEdits({ hub, list });
    expect(total(tracker.tally())).toBe(0);
    await settle();
    expect(total(tracker.tally())).toBe(2);

    hub.send('cache:changed', { resources: ['events', 'event:2026leeds'] });
    await settle();
    expect(list).toHaveBeenCalledTimes(1);

    hub.send('cache:changed', { resources: ['event:2026leeds', 'outbox'] });
    await settle();
    expect(total(tracker.tally())).toBe(3);

    // A change of service replaces everything, its edits too.
    hub.send('cache:changed', { resources: ['all'] });
    await settle();
    expect(total(tracker.tally())).toBe(0);
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('keeps the newest answer when reads overlap', async () => {
    const hub = new PushHub();
    const pending: ((data: { state: EditState }[]) => void)[] = [];
    const list = () =>
      new Promise<{ data: { state: EditState }[] }>((resolve) =>
        pending.push((data) => resolve({ data })),
      );
    const tracker = trackUnsentEdits({ hub, list });
    hub.send('cache:changed', { resources: ['outbox'] });
    pending[1]?.(listed('pending'));
    await settle();
    pending[0]?.(listed('pending', 'pending', 'pending'));
    await settle();
    expect(total(tracker.tally())).toBe(1);
  });

  it('keeps the last count and reports a failed read', async () => {
    const hub = new PushHub();
    const reportError = vi.fn();
    let fail = false;
    const list = () =>
      fail ? Promise.reject(new Error('closed')) : Promise.resolve({ data: listed('pending') });
    const tracker = trackUnsentEdits({ hub, list, reportError });
    await settle();
    fail = true;
    hub.send('cache:changed', { resources: ['outbox'] });
    await settle();
    expect(total(tracker.tally())).toBe(1);
    expect(reportError).toHaveBeenCalledWith('unsent edits', expect.any(Error));
  });

  it('stops listening when stopped', async () => {
    const hub = new PushHub();
    const list = vi.fn(() => Promise.resolve({ data: listed() }));
    trackUnsentEdits({ hub, list }).stop();
    hub.send('cache:changed', { resources: ['outbox'] });
    await settle();
    expect(list).toHaveBeenCalledTimes(1);
  });
});

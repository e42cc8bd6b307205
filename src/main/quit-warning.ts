import { pushes } from '../shared/ipc/pushes';
import { touches } from '../shared/ipc/resources';
import type { PushHub } from './ipc/push-hub';

/*
 * What the window says when it is closed with edits not sent, and when it says it. Plain Node:
 * the Electron call that shows the question (src/main/window.ts) is the one part no test here
 * can run, so everything it decides is decided here.
 */

/** Button order of the question: the answer is the index of the button pressed. */
const QUIT = 0;
const STAY = 1;

export interface QuitQuestion {
  type: 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  /** Escape, or closing the dialog, stays: nothing is decided by accident. */
  cancelId: number;
  noLink: true;
}

/** "3 edits are not sent yet. They are kept and go out with the next sync when you open Pitside again." */
export function unsentEditsMessage(unsent: number): string {
  return unsent === 1
    ? '1 edit is not sent yet. It is kept and goes out with the next sync when you open Pitside again.'
    : `${unsent} edits are not sent yet. They are kept and go out with the next sync when you open Pitside again.`;
}

/** The native question, or `null` when nothing is unsent and the window may simply go. */
export function quitQuestion(unsent: number): QuitQuestion | null {
  if (unsent <= 0) return null;
  return {
    type: 'warning',
    title: 'Edits not sent yet',
    message: unsentEditsMessage(unsent),
    detail: 'Stay to send them now with Sync now.',
    buttons: ['Quit', 'Stay'],
    defaultId: STAY,
    cancelId: STAY,
    noLink: true,
  };
}

/** Whether the button pressed lets the window go. */
export function quitChosen(response: number): boolean {
  return response === QUIT;
}

/**
 * What to do when the page held its unload back. A reload loses nothing (the edits are on disk
 * and the page reads them again), so only a close asks; and with nothing unsent as far as main
 * knows (sent since the page last looked) there is nothing to ask about.
 */
export function leaveDecision({
  closing,
  unsent,
}: {
  closing: boolean;
  unsent: number;
}): 'leave' | 'ask' {
  return closing && unsent > 0 ? 'ask' : 'leave';
}

export interface UnsentEditsTracker {
  /** The number of edits not sent, as last read; 0 until the first read answers. */
  count: () => number;
  stop: () => void;
}

/**
 * Keeps the number of unsent edits at hand for the question, which must be answered at once
 * (Electron asks synchronously). It is read at the start and again whenever a commit touches the
 * outbox, from the same `edits:list` the renderer reads, so the two agree.
 */
export function trackUnsentEdits({
  hub,
  list,
  reportError,
}: {
  hub: Pick<PushHub, 'attach'>;
  list: () => Promise<{ data: readonly unknown[] }>;
  reportError?: (where: string, error: unknown) => void;
}): UnsentEditsTracker {
  let count = 0;
  // Reads can overlap when notices come fast: only the newest may set the count.
  let generation = 0;
  const read = () => {
    const mine = ++generation;
    list().then(
      (answer) => {
        if (mine === generation) count = answer.data.length;
      },
      (error: unknown) => reportError?.('unsent edits', error),
    );
  };
  const detach = hub.attach((name, payload) => {
    if (name !== 'cache:changed') return;
    const notice = pushes['cache:changed'].safeParse(payload);
    if (notice.success && touches(notice.data.resources, ['outbox'])) read();
  });
  read();
  return { count: () => count, stop: detach };
}

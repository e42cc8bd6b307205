import { needsAttention, type EditState } from '../shared/ipc/edits';
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

/** Edits not sent, told apart: those that go out on their own, and those that wait for a person. */
export interface UnsentTally {
  /** Waiting or on their way: the next sync sends them. */
  waiting: number;
  /** Refused or in conflict: no sync sends them until the organizer fixes or resolves them. */
  attention: number;
}

const NOTHING_UNSENT: UnsentTally = { waiting: 0, attention: 0 };

function edits(count: number): string {
  return count === 1 ? '1 edit' : `${count} edits`;
}

/** Counts a list of edits as `edits:list` answers it. */
export function tallyUnsent(list: readonly { state: EditState }[]): UnsentTally {
  const attention = list.filter(needsAttention).length;
  return { waiting: list.length - attention, attention };
}

/**
 * "3 edits are not sent yet. They are kept and go out with the next sync when you open Pitside
 * again." Refused and conflicting edits are named apart: no sync sends them.
 */
export function unsentEditsMessage({ waiting, attention }: UnsentTally): string {
  const waitingWords =
    waiting === 1
      ? '1 edit is not sent yet. It is kept and goes out with the next sync when you open Pitside again.'
      : `${waiting} edits are not sent yet. They are kept and go out with the next sync when you open Pitside again.`;
  const attentionWords =
    attention === 1
      ? '1 edit was refused by the service or is in conflict. It is kept, but it does not go out until you correct or resolve it in Edits.'
      : `${attention} edits were refused by the service or are in conflict. They are kept, but they do not go out until you correct or resolve them in Edits.`;
  if (attention === 0) return waitingWords;
  if (waiting === 0) return attentionWords;
  return `${edits(waiting + attention)} are not sent yet. ${edits(waiting)} ${waiting === 1 ? 'goes' : 'go'} out with the next sync when you open Pitside again; ${edits(attention)} ${attention === 1 ? 'was' : 'were'} refused or ${attention === 1 ? 'is' : 'are'} in conflict and ${attention === 1 ? 'waits' : 'wait'} for you in Edits.`;
}

/** The native question, or `null` when nothing is unsent and the window may simply go. */
export function quitQuestion(tally: UnsentTally): QuitQuestion | null {
  if (tally.waiting + tally.attention <= 0) return null;
  return {
    type: 'warning',
    title: 'Edits not sent yet',
    message: unsentEditsMessage(tally),
    detail:
      tally.waiting > 0
        ? 'Stay to send them now with Sync now.'
        : 'Stay to correct or resolve them in Edits.',
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
  /** The edits not sent, as last read; none until the first read answers. */
  tally: () => UnsentTally;
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
  list: () => Promise<{ data: readonly { state: EditState }[] }>;
  reportError?: (where: string, error: unknown) => void;
}): UnsentEditsTracker {
  let tally = NOTHING_UNSENT;
  // Reads can overlap when notices come fast: only the newest may set the count.
  let generation = 0;
  const read = () => {
    const mine = ++generation;
    list().then(
      (answer) => {
        if (mine === generation) tally = tallyUnsent(answer.data);
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
  return { tally: () => tally, stop: detach };
}

import type { NativeQuestion } from './native-question';
import { keptEditsSentence, type KeptEdits } from '../shared/edits-elsewhere';
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

/** Escape, or closing the dialog, stays: nothing is decided by accident (`cancelId`). */
export type QuitQuestion = NativeQuestion<'warning'>;

/** Edits not sent, told apart: those that go out on their own, and those that wait for a person. */
export interface UnsentTally {
  /** Waiting or on their way: the next sync sends them. */
  waiting: number;
  /** Refused or in conflict: no sync sends them until the organizer fixes or resolves them. */
  attention: number;
  /** Other services' edits, each kept until that service is shown again. */
  elsewhere?: readonly KeptEdits[];
}

const NOTHING_UNSENT: UnsentTally = { waiting: 0, attention: 0, elsewhere: [] };

/** Every edit not sent, the current service's and the others'. */
export function unsentTotal({ waiting, attention, elsewhere = [] }: UnsentTally): number {
  return elsewhere.reduce((sum, kept) => sum + kept.waiting + kept.attention, waiting + attention);
}

function edits(count: number): string {
  return count === 1 ? '1 edit' : `${count} edits`;
}

/** Counts a list of edits as `edits:list` answers it. */
export function tallyUnsent(list: readonly { state: EditState }[]): UnsentTally {
  const attention = list.filter(needsAttention).length;
  return { waiting: list.length - attention, attention };
}

/** Counts each other service's edits as `edits:elsewhere` answers them. */
export function tallyElsewhere(
  groups: readonly { service: string; edits: readonly { state: EditState }[] }[],
): KeptEdits[] {
  return groups.map(({ service, edits }) => ({ service, ...tallyUnsent(edits) }));
}

/**
 * "3 edits are not sent yet. They are kept and go out with the next sync when you open Pitside
 * again." Refused and conflicting edits are named apart: no sync sends them. Other services'
 * edits follow, one sentence per service: they go out only once it is shown again.
 */
export function unsentEditsMessage(tally: UnsentTally): string {
  const current = currentServiceWords(tally);
  const others = (tally.elsewhere ?? [])
    .filter((kept) => kept.waiting + kept.attention > 0)
    .map((kept) => keptEditsSentence(kept));
  return [...(current === null ? [] : [current]), ...others].join(' ');
}

function currentServiceWords({ waiting, attention }: UnsentTally): string | null {
  if (waiting + attention === 0) return null;
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

function quitDetail(tally: UnsentTally): string {
  if (tally.waiting > 0) return 'Stay to send them now with Sync now.';
  if (tally.attention > 0) return 'Stay to correct or resolve them in Edits.';
  return 'Quitting loses none of them.';
}

/** The native question, or `null` when nothing is unsent and the window may simply go. */
export function quitQuestion(tally: UnsentTally): QuitQuestion | null {
  if (unsentTotal(tally) <= 0) return null;
  return {
    type: 'warning',
    title: 'Edits not sent yet',
    message: unsentEditsMessage(tally),
    detail: quitDetail(tally),
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

type ElsewhereAnswer = {
  groups: readonly { service: string; edits: readonly { state: EditState }[] }[];
};

const NOWHERE_ELSE: ElsewhereAnswer = { groups: [] };

/**
 * Keeps the number of unsent edits at hand for the question, which must be answered at once
 * (Electron asks synchronously). It is read at the start and again whenever a commit touches the
 * outbox, from the same `edits:list` and `edits:elsewhere` the renderer reads, so the two agree.
 */
export function trackUnsentEdits({
  hub,
  list,
  elsewhere = () => Promise.resolve(NOWHERE_ELSE),
  reportError,
}: {
  hub: Pick<PushHub, 'attach'>;
  list: () => Promise<{ data: readonly { state: EditState }[] }>;
  elsewhere?: () => Promise<ElsewhereAnswer>;
  reportError?: (where: string, error: unknown) => void;
}): UnsentEditsTracker {
  let tally = NOTHING_UNSENT;
  // Reads can overlap when notices come fast: only the newest may set the count.
  let generation = 0;
  const read = () => {
    const mine = ++generation;
    Promise.all([list(), elsewhere()]).then(
      ([answer, others]) => {
        if (mine === generation) {
          tally = { ...tallyUnsent(answer.data), elsewhere: tallyElsewhere(others.groups) };
        }
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

import type { NativeQuestion } from './native-question';

/*
 * What the app does when the window's page or one of Chromium's helper processes goes away. Plain
 * Node: the Electron wiring (crash-watch.ts) only listens and shows the question, so everything it
 * decides is decided, and tested, here.
 */

/** Electron's reasons, for `render-process-gone` and `child-process-gone` alike. */
export type GoneReason =
  | 'clean-exit'
  | 'abnormal-exit'
  | 'killed'
  | 'crashed'
  | 'oom'
  | 'launch-failed'
  | 'integrity-failure'
  | 'memory-eviction';

export interface GoneDetails {
  reason: GoneReason;
  exitCode: number;
  /** Of a child process: `GPU`, `Utility`, …; and its service or name when Chromium gives one. */
  type?: string;
  serviceName?: string;
  name?: string;
}

/**
 * - `none`: nothing to offer (the page ended on purpose, or Chromium restarts the helper itself);
 * - `reload`: the window is blank; ask to reload the page or quit;
 * - `reinstall`: the app's files fail their integrity check; a reload would load the same files.
 */
export type CrashOffer = 'none' | 'reload' | 'reinstall';

export interface CrashDecision {
  level: 'info' | 'error';
  line: string;
  offer: CrashOffer;
}

function facts(details: GoneDetails): string {
  return `reason ${details.reason}, exit code ${details.exitCode}`;
}

export function renderProcessGone(details: GoneDetails): CrashDecision {
  const line = `the window's page stopped: ${facts(details)}`;
  if (details.reason === 'clean-exit') return { level: 'info', line, offer: 'none' };
  if (details.reason === 'integrity-failure') return { level: 'error', line, offer: 'reinstall' };
  return { level: 'error', line, offer: 'reload' };
}

/**
 * A helper process (the GPU, the network service, …): Chromium starts it again by itself and the
 * page goes on, so it is only logged; a page that dies with it reports its own end as well.
 */
export function childProcessGone(details: GoneDetails): CrashDecision {
  const which = [details.type ?? 'Unknown', details.serviceName ?? details.name]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
  return {
    level: details.reason === 'clean-exit' ? 'info' : 'error',
    line: `a helper process stopped (${which}): ${facts(details)}`,
    offer: 'none',
  };
}

/** Button order of the reload question: the answer is the index of the button pressed. */
const RELOAD = 0;

export type CrashQuestion = NativeQuestion<'error'>;

/** The native question for an offer, or `null` when there is nothing to ask. */
export function crashQuestion(offer: CrashOffer): CrashQuestion | null {
  switch (offer) {
    case 'none':
      return null;
    case 'reload':
      return {
        type: 'error',
        title: 'Pitside’s window stopped',
        message: 'Pitside’s window stopped working.',
        detail: 'Your data and your edits not sent yet are safe. Reload to go on where you were.',
        buttons: ['Reload', 'Quit'],
        defaultId: RELOAD,
        // Escape keeps the app: a reload loses nothing.
        cancelId: RELOAD,
        noLink: true,
      };
    case 'reinstall':
      return {
        type: 'error',
        title: 'Pitside’s files are damaged',
        message: 'Pitside’s files are damaged, so its window cannot open.',
        detail: 'Install Pitside again. Your data and your edits not sent yet are kept.',
        buttons: ['Quit'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      };
  }
}

/** Whether the button pressed asks for a reload (only the reload question has one). */
export function reloadChosen(offer: CrashOffer, response: number): boolean {
  return offer === 'reload' && response === RELOAD;
}

import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  childProcessGone,
  crashQuestion,
  reloadChosen,
  renderProcessGone,
  type GoneReason,
} from '../../src/main/crashes';

const CRASHES: GoneReason[] = [
  'abnormal-exit',
  'killed',
  'crashed',
  'oom',
  'launch-failed',
  'memory-eviction',
];

describe('the decisions', () => {
  it('offers nothing when the page ended on purpose, and logs it as news, not an error', () => {
    expect(renderProcessGone({ reason: 'clean-exit', exitCode: 0 })).toEqual({
      level: 'info',
      line: "the window's page stopped: reason clean-exit, exit code 0",
      offer: 'none',
    });
  });

  it.each(CRASHES)('offers a reload after %s, with the reason and the exit code', (reason) => {
    const decision = renderProcessGone({ reason, exitCode: 139 });
    expect(decision).toEqual({
      level: 'error',
      line: `the window's page stopped: reason ${reason}, exit code 139`,
      offer: 'reload',
    });
    expect(crashQuestion(decision.offer)).toMatchObject({ buttons: ['Reload', 'Quit'] });
  });

  it('does not offer a reload of damaged files, which would load them again', () => {
    const decision = renderProcessGone({ reason: 'integrity-failure', exitCode: 1 });
    expect(decision.offer).toBe('reinstall');
    expect(crashQuestion('reinstall')).toMatchObject({ buttons: ['Quit'] });
    expect(reloadChosen('reinstall', 0)).toBe(false);
  });

  it('logs a helper process that stopped, with its kind, and offers nothing', () => {
    expect(
      childProcessGone({
        type: 'Utility',
        serviceName: 'network.mojom.NetworkService',
        reason: 'crashed',
        exitCode: 11,
      }),
    ).toEqual({
      level: 'error',
      line: 'a helper process stopped (Utility network.mojom.NetworkService): reason crashed, exit code 11',
      offer: 'none',
    });
    expect(childProcessGone({ type: 'GPU', reason: 'clean-exit', exitCode: 0 }).level).toBe('info');
    expect(crashQuestion('none')).toBeNull();
  });

  it('reloads on Reload and on Escape, quits on Quit', () => {
    const question = crashQuestion('reload');
    if (question === null) throw new Error('no question');
    expect(reloadChosen('reload', question.defaultId)).toBe(true);
    expect(reloadChosen('reload', question.cancelId)).toBe(true);
    expect(reloadChosen('reload', question.buttons.indexOf('Quit'))).toBe(false);
  });
});

/*
 * The wiring, with the one stand-in these tests allow: Electron itself, which cannot run here. The
 * window's contents and the app are event emitters; the dialog answers what the test says.
 */
const electron = vi.hoisted(() => ({ answer: 0, asked: [] as unknown[], quits: 0 }));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const app = Object.assign(new Emitter(), { quit: () => void (electron.quits += 1) });
  return {
    app,
    dialog: {
      showMessageBoxSync: (_window: unknown, options: unknown) => {
        electron.asked.push(options);
        return electron.answer;
      },
    },
  };
});

const { app } = await import('electron');
const { watchCrashes } = await import('../../src/main/crash-watch');

describe('the wiring', () => {
  let lines: string[];
  let reloads: number;
  let contents: EventEmitter;

  beforeEach(() => {
    electron.asked = [];
    electron.quits = 0;
    lines = [];
    reloads = 0;
    contents = Object.assign(new EventEmitter(), { reload: () => void (reloads += 1) });
    const window = { webContents: contents, isDestroyed: () => false };
    app.removeAllListeners('child-process-gone');
    watchCrashes(window as unknown as Parameters<typeof watchCrashes>[0], {
      info: (line) => lines.push(`info ${line}`),
      error: (where, error) => lines.push(`error [${where}] ${String(error)}`),
    });
  });

  it('logs a crash of the page, asks, and reloads or quits as answered', () => {
    electron.answer = 0;
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 5 });
    expect(lines).toEqual(["error [crash] the window's page stopped: reason crashed, exit code 5"]);
    expect(electron.asked).toHaveLength(1);
    expect(reloads).toBe(1);

    electron.answer = 1;
    contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
    expect(electron.quits).toBe(1);
    expect(reloads).toBe(1);
  });

  it('asks nothing after a clean exit, and logs helper processes', () => {
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'killed', exitCode: 9 });
    expect(electron.asked).toEqual([]);
    expect(lines).toEqual([
      "info the window's page stopped: reason clean-exit, exit code 0",
      'error [crash] a helper process stopped (GPU): reason killed, exit code 9',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../src/shared/ipc/contract';
import { createDispatcher, type Handlers } from '../../../src/main/ipc/dispatcher';
import { IpcFailure } from '../../../src/main/ipc/failure';

const info: AppInfo = {
  name: 'Pitside',
  version: '1.2.3',
  platform: 'linux',
  arch: 'x64',
  dataDirectory: '/tmp/pitside',
  versions: { node: '20.0.0', electron: null, chrome: null, sqlite: '3.50.0' },
};

function dispatcherWith(handler: Handlers['app:info']) {
  const reported: string[] = [];
  // Only app:info is ever called here; the other commands' handlers are covered with the data layer.
  const handlers = { 'app:info': handler } as Handlers;
  const dispatch = createDispatcher(handlers, (name) => reported.push(name));
  return { dispatch, reported };
}

describe('the IPC dispatcher', () => {
  it('answers a declared command with the handler’s output', async () => {
    const { dispatch } = dispatcherWith(() => info);
    await expect(dispatch('app:info', undefined)).resolves.toEqual({ ok: true, value: info });
  });

  it('refuses an input the schema rejects, with a typed error and field details', async () => {
    let called = false;
    const { dispatch } = dispatcherWith(() => {
      called = true;
      return info;
    });
    const result = await dispatch('app:info', { sneaky: 'payload' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(result.ok ? [] : result.error.details).not.toHaveLength(0);
    expect(called).toBe(false);
  });

  it.each([['app:nope'], ['constructor'], ['__proto__'], [42], [null]])(
    'refuses the unknown command %j',
    async (name) => {
      const { dispatch } = dispatcherWith(() => info);
      await expect(dispatch(name, undefined)).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    },
  );

  it('passes a handler’s typed failure through unchanged', async () => {
    const { dispatch } = dispatcherWith(() => {
      throw new IpcFailure('offline', 'The service cannot be reached.');
    });
    await expect(dispatch('app:info', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'offline', message: 'The service cannot be reached.' },
    });
  });

  it('hides an unexpected exception behind `internal` and reports it in main', async () => {
    const { dispatch, reported } = dispatcherWith(() => {
      throw new Error('SQLITE_CORRUPT at /home/someone/secret/path');
    });
    const result = await dispatch('app:info', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('/home/someone');
    expect(reported).toEqual(['app:info']);
  });

  it('refuses to hand the renderer an output that drifted from the contract', async () => {
    const drifted = { ...info, version: 7 } as unknown as AppInfo;
    const { dispatch, reported } = dispatcherWith(() => drifted);
    await expect(dispatch('app:info', undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    expect(reported).toEqual(['app:info']);
  });
});

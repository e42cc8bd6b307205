import { describe, expect, it } from 'vitest';
import { createBridge } from '../../src/shared/ipc/bridge';
import { COMMAND_NAMES } from '../../src/shared/ipc/contract';

const noListen = () => () => {};

describe('the bridge built from the contract', () => {
  it('has one method per declared command, under its domain', () => {
    const api = createBridge(
      () => Promise.resolve(null),
      () => () => {},
    ) as unknown as Record<string, Record<string, unknown>>;
    const exposed = Object.entries(api)
      .filter(([name]) => name !== 'subscribe')
      .flatMap(([domain, methods]) => Object.keys(methods).map((verb) => `${domain}:${verb}`));
    expect(exposed.sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it('sends the command name and the input over the transport it is given', async () => {
    const sent: unknown[] = [];
    const api = createBridge((name, input) => {
      sent.push([name, input]);
      return Promise.resolve({ ok: true, value: 'answer' });
    }, noListen);
    await expect(api.app.info()).resolves.toEqual({ ok: true, value: 'answer' });
    expect(sent).toEqual([['app:info', undefined]]);
  });

  it('lets a page subscribe to declared pushes only, and unsubscribe', () => {
    const listening: string[] = [];
    const heard: unknown[] = [];
    const api = createBridge(
      () => Promise.resolve(null),
      (name, listener) => {
        listening.push(name);
        listener({ resources: ['events'] });
        return () => listening.splice(listening.indexOf(name), 1);
      },
    );
    const unsubscribe = api.subscribe('cache:changed', (payload) => heard.push(payload));
    expect(listening).toEqual(['cache:changed']);
    expect(heard).toEqual([{ resources: ['events'] }]);
    unsubscribe();
    expect(listening).toEqual([]);
    const unknownName = 'fs:read' as unknown as 'cache:changed';
    expect(() => api.subscribe(unknownName, () => {})).toThrow(/no push named "fs:read"/);
  });
});

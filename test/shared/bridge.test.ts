import { describe, expect, it } from 'vitest';
import { createBridge } from '../../src/shared/ipc/bridge';
import { COMMAND_NAMES } from '../../src/shared/ipc/contract';

describe('the bridge built from the contract', () => {
  it('has one method per declared command, under its domain', () => {
    const api = createBridge(() => Promise.resolve(null)) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    const exposed = Object.entries(api).flatMap(([domain, methods]) =>
      Object.keys(methods).map((verb) => `${domain}:${verb}`),
    );
    expect(exposed.sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it('sends the command name and the input over the transport it is given', async () => {
    const sent: unknown[] = [];
    const api = createBridge((name, input) => {
      sent.push([name, input]);
      return Promise.resolve({ ok: true, value: 'answer' });
    });
    await expect(api.app.info()).resolves.toEqual({ ok: true, value: 'answer' });
    expect(sent).toEqual([['app:info', undefined]]);
  });
});

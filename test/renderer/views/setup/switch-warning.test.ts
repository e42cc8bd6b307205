import { describe, expect, it } from 'vitest';
import { switchWarning } from '../../../../src/renderer/src/views/setup/switch-warning';
import { createEdit, deleteEdit, updateEdit } from '../edits/edit-fixtures';

/*
 * The question before a switch of service: asked while the service shown has edits not sent,
 * naming every service's kept edits with their counts; never on a switch that is none.
 */

const service = { mode: 'service', serviceUrl: 'https://pitside.example.org' } as const;
const demo = { mode: 'demo', serviceUrl: 'https://pitside.example.org' } as const;
const waiting = [createEdit('Harbour Open', { id: 1 }), updateEdit({ name: 'x' }, { id: 2 })];
const refused = deleteEdit({ id: 3, state: 'failed' });

describe('switchWarning', () => {
  it('names the edits of the service left, and of the others kept, but not of the one switched to', () => {
    const warning = switchWarning(
      service,
      { kind: 'demo' },
      [...waiting, refused],
      [
        { service: 'https://staging.example.org', edits: [createEdit('Elsewhere', { id: 9 })] },
        { service: 'demo', edits: [createEdit('On The Demo', { id: 10 })] },
      ],
    );
    expect(warning).toEqual({
      title: 'Switch to the demo with 3 edits not sent?',
      kept: [
        '3 edits for https://pitside.example.org are kept until you switch back to it.',
        '1 edit for https://staging.example.org is kept; it goes out when you switch back to it.',
      ],
    });
  });

  it('asks when the demo is left for a service, naming the demo', () => {
    expect(
      switchWarning(
        demo,
        { kind: 'service', baseUrl: 'https://pitside.example.org/' },
        waiting,
        [],
      ),
    ).toEqual({
      title: 'Switch to https://pitside.example.org with 2 edits not sent?',
      kept: ['2 edits for the demo are kept; they go out when you switch back to it.'],
    });
  });

  it('asks nothing when nothing waits, or when the address is the same one (a new key)', () => {
    expect(switchWarning(service, { kind: 'demo' }, [], [])).toBeNull();
    expect(
      switchWarning(
        service,
        { kind: 'service', baseUrl: 'HTTPS://Pitside.example.org/' },
        waiting,
        [],
      ),
    ).toBeNull();
    expect(
      switchWarning({ mode: 'first-run', serviceUrl: null }, { kind: 'demo' }, waiting, []),
    ).toBeNull();
  });
});

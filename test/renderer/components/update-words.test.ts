import { describe, expect, it } from 'vitest';
import {
  offWords,
  statusWords,
  unsentRestartWords,
  updateOffer,
} from '../../../src/renderer/src/components/updates/update-words';
import { UPDATE_OFF_REASONS, type UpdateState } from '../../../src/shared/ipc/updates';

const base: UpdateState = {
  currentVersion: '1.0.0',
  mode: { kind: 'auto' },
  feed: { source: 'built-in', url: null },
  status: { state: 'idle' },
  lastChecked: null,
};
const at = (iso: string) => `at ${iso.slice(11, 16)}`;

describe('the updater in words', () => {
  it('gives every reason for being off its own sentence', () => {
    const sentences = UPDATE_OFF_REASONS.map(offWords);
    expect(new Set(sentences).size).toBe(UPDATE_OFF_REASONS.length);
    expect(offWords('not-packaged')).toMatch(/^Updates are off: .*runs from source \(the preview/);
  });

  it('says where the updater stands, from the reader’s side', () => {
    const says = (patch: Partial<UpdateState>) => statusWords({ ...base, ...patch }, at);
    expect(says({})).toBe('Not checked yet.');
    expect(says({ lastChecked: '2026-11-27T14:05:00.000Z' })).toBe(
      'Up to date. Last checked at 14:05.',
    );
    expect(says({ status: { state: 'downloading', version: '1.2.0', percent: 41.9 } })).toBe(
      'Downloading version 1.2.0: 41%.',
    );
    expect(says({ status: { state: 'downloaded', version: '1.2.0' } })).toBe(
      'Version 1.2.0 is ready. Restart to update.',
    );
    expect(
      says({
        mode: { kind: 'notify-only', packageType: 'deb' },
        status: { state: 'notify-only', version: '1.2.0' },
      }),
    ).toBe('Version 1.2.0 is out. Your package manager (apt) updates it.');
    expect(says({ status: { state: 'error', message: 'the feed could not be reached.' } })).toBe(
      'Could not check for updates: the feed could not be reached.',
    );
    expect(says({ mode: { kind: 'off', reason: 'no-feed' } })).toBe(offWords('no-feed'));
  });

  it('offers a restart only for a downloaded version, and news only for a package', () => {
    expect(updateOffer({ ...base, status: { state: 'available', version: '1.2.0' } })).toBeNull();
    expect(updateOffer({ ...base, status: { state: 'downloaded', version: '1.2.0' } })).toEqual({
      kind: 'restart',
      version: '1.2.0',
      text: 'Version 1.2.0 is ready',
    });
    expect(
      updateOffer({
        ...base,
        mode: { kind: 'notify-only', packageType: 'rpm' },
        status: { state: 'notify-only', version: '1.2.0' },
      }),
    ).toMatchObject({
      kind: 'out',
      text: 'Version 1.2.0 is out. Your package manager (dnf) updates it.',
    });
  });

  it('names the count of edits not sent before a restart', () => {
    expect(unsentRestartWords(1)).toBe(
      '1 edit is not sent yet. It is kept, and goes out with the first sync after the restart.',
    );
    expect(unsentRestartWords(3)).toBe(
      '3 edits are not sent yet. They are kept, and go out with the first sync after the restart.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { destinationWords, fileSize } from '../../../../src/renderer/src/views/setup/BundleSection';

describe('Hand over a file, in words', () => {
  it('gives a file size as a person reads it', () => {
    expect([512, 146_310, 4_460_000].map(fileSize)).toEqual(['512 bytes', '146 KB', '4.5 MB']);
  });

  it('says where an import goes, and what a new profile still needs', () => {
    expect(destinationWords({ kind: 'shown' })).toMatch(/^The copy shown now/);
    expect(destinationWords({ kind: 'profile', name: 'League' })).toMatch(
      /^The profile “League”, which is not shown now/,
    );
    expect(destinationWords({ kind: 'new', name: 'https://other.example/' })).toMatch(
      /^A new profile, “https:\/\/other\.example\/”: .* Add its key there to sync it\.$/,
    );
  });
});

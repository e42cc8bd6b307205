import { describe, expect, it } from 'vitest';
import { withBundleExtension } from '../../../src/main/bundle/app-bundles';

describe('a bundle saved under a name typed in the dialog', () => {
  it('ends in .pitside, so that the other laptop’s open dialog offers it', () => {
    expect(
      [
        '/usb/copy',
        '/usb/copy.pitside',
        '/usb/COPY.PITSIDE',
        '/usb/copy.zip',
        '/usb/v1.2/copy',
      ].map(withBundleExtension),
    ).toEqual([
      '/usb/copy.pitside',
      '/usb/copy.pitside',
      '/usb/COPY.PITSIDE',
      '/usb/copy.zip.pitside',
      '/usb/v1.2/copy.pitside',
    ]);
  });
});

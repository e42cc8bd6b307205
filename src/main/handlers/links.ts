import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';
import type { Platform } from '../platform/platform';
import { isOpenableExternalUrl } from '../security';

export function createLinkHandlers(platform: Platform): Pick<Handlers, 'links:open'> {
  return {
    'links:open': async ({ url }) => {
      // The contract's schema already asks for https; main decides for itself all the same,
      // since this is where a link leaves the app.
      if (!isOpenableExternalUrl(url)) {
        throw new IpcFailure('invalid_input', 'Only https links open outside Pitside.', [
          { field: 'url', issue: 'must be an https URL' },
        ]);
      }
      await platform.openExternal(url);
      return {};
    },
  };
}

import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';
import type { Platform } from '../platform/platform';
import { externalUrlProblem } from '../security';

export function createLinkHandlers(platform: Platform): Pick<Handlers, 'links:open'> {
  return {
    'links:open': async ({ url }) => {
      // The contract's schema asks only for `https://` and no whitespace; main decides for
      // itself, since this is where a link leaves the app.
      const problem = externalUrlProblem(url);
      if (problem !== null) {
        throw new IpcFailure(
          'invalid_input',
          `This link cannot open outside Pitside: it ${problem}.`,
          [{ field: 'url', issue: problem }],
        );
      }
      // What leaves is the link as parsed and checked, not text another parser may read apart.
      await platform.openExternal(new URL(url).href);
      return {};
    },
  };
}

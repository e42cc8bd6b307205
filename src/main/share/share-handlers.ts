import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';
import type { ShareService } from './share-service';

export type ShareHandlers = Pick<Handlers, 'share:get' | 'share:start' | 'share:stop'>;

export function createShareHandlers(service: ShareService): ShareHandlers {
  return {
    'share:get': () => service.state(),
    'share:start': ({ host }) => service.start(host),
    'share:stop': () => service.stop(),
  };
}

/** Without a share service (tests of a data layer), its commands say so. */
export function unavailableShareHandlers(): ShareHandlers {
  const refuse = () => {
    throw new IpcFailure('internal', 'Sharing at the venue is not running here.');
  };
  return { 'share:get': refuse, 'share:start': refuse, 'share:stop': refuse };
}

import type { Handlers } from '../ipc/dispatcher';
import type { UpdateService } from './update-service';

export type UpdateHandlers = Pick<Handlers, Extract<keyof Handlers, `updates:${string}`>>;

export function createUpdateHandlers(service: UpdateService): UpdateHandlers {
  return {
    'updates:get': () => service.state(),
    'updates:check': () => service.checkNow(),
    'updates:setFeed': ({ url }) => service.setFeed(url),
    'updates:install': ({ confirmedUnsent }) => service.install(confirmedUnsent),
  };
}

import { formatTimestamp } from '../../shared/wire/formats';
import type { DigestStore } from '../cache/digest/digest-store';
import type { Handlers } from '../ipc/dispatcher';

/** The "what changed" digest: read it, and mark it read. */
export function createDigestHandlers(
  digest: DigestStore,
  now: () => Date,
): Pick<Handlers, 'digest:get' | 'digest:seen'> {
  return {
    'digest:get': () => digest.read(),
    'digest:seen': async () => ({ seen: await digest.markSeen(formatTimestamp(now())) }),
  };
}

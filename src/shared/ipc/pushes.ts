import { z } from 'zod';
import { eventIdSchema } from '../wire/formats';
import { appRouteSchema, noticeSchema } from './notifications';
import { isCacheResource } from './resources';
import { syncStatusSchema } from './sync';
import { shareStateSchema } from './share';
import { updateStateSchema } from './updates';

/**
 * What main tells the renderer without being asked, declared once like the commands: the name of
 * each push and the schema of its payload. Main validates before sending; the bridge only lets a
 * page subscribe to these names.
 */
export const pushes = {
  /** The sync's state and progress, coalesced to a few per second. */
  'sync:status': syncStatusSchema,
  /**
   * What a commit changed, in the terms read answers use for what they were built from
   * (`touches` in resources.ts): sent only after a commit that changed rows, coalesced.
   */
  'cache:changed': z.object({
    resources: z.array(z.string().refine(isCacheResource, 'must be a cache resource')),
  }),
  /**
   * An event created here got its code from the service (sent after the commit): a view or a
   * form holding the temporary code moves to the new one.
   */
  'events:renamed': z.object({ from: eventIdSchema, to: eventIdSchema }),
  /** The updater's decision, feed and progress, at each step (src/main/updates). */
  'updates:status': updateStateSchema,
  /** A notification for the page to show itself (the preview's stand-in for the system's). */
  'notify:show': noticeSchema,
  /** A notification was clicked: the page opens its view. */
  'notify:open': z.object({ route: appRouteSchema }),
  /** The venue share started, stopped, or a laptop read from it (coalesced to one a second). */
  'share:status': shareStateSchema,
} as const satisfies Record<`${string}:${string}`, z.ZodType>;

export type Pushes = typeof pushes;
export type PushName = keyof Pushes;
export type PushPayload<Name extends PushName> = z.output<Pushes[Name]>;
export const PUSH_NAMES = Object.keys(pushes) as PushName[];

export function isPushName(value: unknown): value is PushName {
  return typeof value === 'string' && Object.hasOwn(pushes, value);
}

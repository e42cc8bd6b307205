import { z } from 'zod';
import { isResourceKey } from './resources';
import { syncStatusSchema } from './sync';

/**
 * What main tells the renderer without being asked, declared once like the commands: the name of
 * each push and the schema of its payload. Main validates before sending; the bridge only lets a
 * page subscribe to these names.
 */
export const pushes = {
  /** The sync's state and progress, coalesced to a few per second. */
  'sync:status': syncStatusSchema,
  /** Resources whose committed copy changed, so views re-read only what they show. */
  'cache:changed': z.object({
    resources: z.array(z.string().refine(isResourceKey, 'must be a resource key')),
  }),
} as const satisfies Record<`${string}:${string}`, z.ZodType>;

export type Pushes = typeof pushes;
export type PushName = keyof Pushes;
export type PushPayload<Name extends PushName> = z.output<Pushes[Name]>;
export const PUSH_NAMES = Object.keys(pushes) as PushName[];

export function isPushName(value: unknown): value is PushName {
  return typeof value === 'string' && Object.hasOwn(pushes, value);
}

import { z } from 'zod';
import { noInput, type CommandSpec } from './command';

/** The kinds of desktop notification, each switchable in Settings. */
export const NOTIFICATION_KINDS = ['eventLive', 'streamLive', 'matchSoon'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSwitchesSchema = z.strictObject({
  /** A favorite team's event goes live. */
  eventLive: z.boolean(),
  /** A pinned event's stream goes live. */
  streamLive: z.boolean(),
  /** A favorite team's next match is within 15 minutes. */
  matchSoon: z.boolean(),
});
export type NotificationSwitches = z.infer<typeof notificationSwitchesSchema>;

export const ALL_NOTIFICATIONS_ON: NotificationSwitches = {
  eventLive: true,
  streamLive: true,
  matchSoon: true,
};

/** An app route under the hash (`/events/…`), never an outside address. */
export const appRouteSchema = z.string().regex(/^\/[a-z]+(\/[^\s]*)?$/, 'must be an app route');

export const noticeSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().min(1),
  body: z.string(),
  route: appRouteSchema,
});
export type Notice = z.infer<typeof noticeSchema>;

export const notificationCommands = {
  'notifications:get': { input: noInput, output: notificationSwitchesSchema },
  'notifications:set': {
    input: notificationSwitchesSchema.partial(),
    output: notificationSwitchesSchema,
  },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;

import { z } from 'zod';
import type { FailureCode } from '../failures';
import { eventIdSchema, responseTimestampSchema, teamNumberSchema } from '../wire/formats';
import { builtFromSchema } from './cached';
import { noInput, type CommandSpec } from './command';

/**
 * `default`: the lists, pinned and live events in full, favorite teams in full, and statistics of
 * favorites and of the teams at pinned events. `all`: everything, for going offline for days.
 */
export const SYNC_SCOPES = ['default', 'all'] as const;
export const syncScopeSchema = z.enum(SYNC_SCOPES);
export type SyncScope = z.infer<typeof syncScopeSchema>;

export const SYNC_STATES = ['idle', 'syncing', 'offline', 'error'] as const;

/**
 * Why the last run stopped short: the API client's codes and the keychain's, named from the one
 * list of failures (`src/shared/failures.ts`).
 */
export const SYNC_PROBLEM_CODES = [
  'offline',
  'timeout',
  'unauthorized',
  'forbidden',
  'rate_limited',
  /** A venue's login page answers instead of the service: sign in, then sync again. */
  'captive_portal',
  'invalid_response',
  'server_error',
  'not_found',
  'conflict',
  'rejected',
  'keychain',
  /** The service's data kept moving while a list was read; the old copy was kept. */
  'unstable',
  'not_configured',
  'internal',
] as const satisfies readonly FailureCode[];

export const syncProblemSchema = z.object({
  code: z.enum(SYNC_PROBLEM_CODES),
  message: z.string(),
});
export type SyncProblem = z.infer<typeof syncProblemSchema>;

export const syncProgressSchema = z.object({
  /** What is being pulled now, in words a person reads: "events", "team statistics", … */
  phase: z.string(),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/** How many records could not be read (each resource committed without them), and the first. */
export const UNREADABLE_LISTED = 20;
export const unreadableRecordsSchema = z.object({
  count: z.number().int().min(0),
  records: z
    .array(
      z.object({
        /** The resource that listed it: `events`, `event:2026springfield:matches`, … */
        resource: z.string(),
        id: z.string().nullable(),
        reason: z.string(),
      }),
    )
    .max(UNREADABLE_LISTED),
});
export type UnreadableRecords = z.infer<typeof unreadableRecordsSchema>;

export const syncStatusSchema = z.object({
  state: z.enum(SYNC_STATES),
  scope: syncScopeSchema,
  progress: syncProgressSchema.nullable(),
  /** Set in `error` and `offline`; also after a run that finished with some resources failed. */
  problem: syncProblemSchema.nullable(),
  lastSuccessAt: responseTimestampSchema.nullable(),
  lastAttemptAt: responseTimestampSchema.nullable(),
  /** Of the last run: records the service sent that the client could not read. */
  unreadable: unreadableRecordsSchema,
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const syncSummarySchema = z.object({
  outcome: z.enum(['completed', 'partial', 'failed', 'canceled']),
  scope: syncScopeSchema,
  startedAt: responseTimestampSchema,
  finishedAt: responseTimestampSchema,
  requests: z.number().int().min(0),
  resources: z.object({
    pulled: z.number().int().min(0),
    changed: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
  records: z.number().int().min(0),
  problem: syncProblemSchema.nullable(),
  unreadable: unreadableRecordsSchema,
  /** Organizers' edits: sent in this run, and what is left waiting, refused or in conflict. */
  outbox: z.object({
    sent: z.number().int().min(0),
    pending: z.number().int().min(0),
    failed: z.number().int().min(0),
    conflicts: z.number().int().min(0),
    /** Sent to a service without ETags, with their second look still to come (`sent-checks.ts`). */
    checking: z.number().int().min(0),
  }),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

export const syncCommands = {
  'sync:status': { input: noInput, output: syncStatusSchema },
  /** Starts a run unless one is going; answers at once, progress follows as status pushes. */
  'sync:start': {
    input: z
      .strictObject({ scope: syncScopeSchema.optional(), force: z.boolean().optional() })
      .optional(),
    output: z.object({ started: z.boolean() }),
  },
  'sync:cancel': { input: noInput, output: z.object({ canceled: z.boolean() }) },
  'favorites:list': {
    input: noInput,
    output: z.object({ data: z.array(teamNumberSchema), builtFrom: builtFromSchema }),
  },
  'favorites:set': {
    input: z.strictObject({ teamNumber: teamNumberSchema, favorite: z.boolean() }),
    output: z.array(teamNumberSchema),
  },
  'pins:list': {
    input: noInput,
    output: z.object({ data: z.array(eventIdSchema), builtFrom: builtFromSchema }),
  },
  'pins:set': {
    input: z.strictObject({ eventId: eventIdSchema, pinned: z.boolean() }),
    output: z.array(eventIdSchema),
  },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;

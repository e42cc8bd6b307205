import { ApiError } from '../api/errors';
import { flatFields } from '../../shared/ipc/edits';
import { fieldValues, type EditableField, type FieldValues } from './event-row';
import { currentRecord, type SendContext } from './send-context';
import type { SentChange } from './sent-change-rows';
import type { SentField, SentFields } from './sent-check-rows';

/** How long a sent change is watched: a restore from a backup older than this goes untold. */
const WATCHED_FOR_MS = 30 * 24 * 60 * 60 * 1000;

type Verdict = 'holds' | 'lost' | 'moved on';

/**
 * After a sync brought the service's copy, tells whether it still has what this computer's edits
 * made it read. A service restored from an older backup loses them without a word: an event
 * created here is gone, a changed field reads again as it did before the change. Each loss is
 * told once, as a failed edit that holds it (`Settle.lost`), and is no longer watched; a field
 * someone changed since to a third value is their change, and ends the watch too. Events with
 * edits still standing are left to those edits. Returns how many losses were found.
 *
 * An event the service answers it does not have is gone only for a key that sees private events:
 * to a viewer's key (one downgraded, say) a private event answers the same. `seesPrivate` asks,
 * once a run at most; while it cannot tell, the change stays watched and nothing is told.
 */
export async function findLostChanges(
  context: SendContext,
  seesPrivate: () => Promise<boolean>,
  now: number = Date.now(),
): Promise<number> {
  const { read, writer, scope, settle } = context;
  // One read of the copy for every change watched: the copy as this run's pulls left it.
  const watched = await read(() =>
    writer.sentChanges.all(scope).map((change) => ({
      change,
      standing: writer.outbox.hasStanding(scope, change.eventId),
      row: writer.overlay.row(change.eventId),
    })),
  );
  let lost = 0;
  let canSee: Promise<boolean> | undefined;
  for (const { change, standing, row } of watched) {
    if (Date.parse(change.sentAt) < now - WATCHED_FOR_MS) {
      await settle.forgetSent(change.eventId);
      continue;
    }
    if (standing) continue;
    const values =
      row === null
        ? await askService(context, change.eventId)
        : { ...fieldValues(row, Object.keys(change.fields) as EditableField[]), inCopy: true };
    if (values === undefined) continue;
    if (values === null && !(await (canSee ??= seesPrivate()))) continue;
    const verdict = judge(change, values);
    // An event the copy does not keep is asked for once: it is not watched run after run.
    if (verdict === 'holds' && values !== null && !values.inCopy) {
      await settle.forgetSent(change.eventId);
    } else if (verdict === 'lost') {
      await settle.lost(change, lostFields(change.fields, values), values === null);
      lost += 1;
    } else if (verdict === 'moved on') {
      await settle.forgetSent(change.eventId);
    }
  }
  return lost;
}

/**
 * The fields of an event the copy does not hold (outside what is kept offline, or gone), from the
 * service itself. `null`: the service has no such event; `undefined`: it could not be asked.
 */
async function askService(
  context: SendContext,
  eventId: string,
): Promise<(FieldValues & { inCopy: false }) | null | undefined> {
  try {
    const current = await currentRecord(context, eventId);
    return current === null ? null : { ...flatFields(current.record), inCopy: false };
  } catch (error) {
    if (error instanceof ApiError && context.signal?.aborted !== true) return undefined;
    throw error;
  }
}

function judge(change: SentChange, values: FieldValues | null): Verdict {
  if (values === null) return 'lost';
  const sent = entries(change.fields);
  if (sent.every(([field, value]) => values[field] === value.mine)) return 'holds';
  // Back where it was before the change, every field of it: the change is gone, not overwritten.
  const undone = sent.every(
    ([field, value]) =>
      value.base !== null && value.base !== value.mine && values[field] === value.base,
  );
  return undone ? 'lost' : 'moved on';
}

/** What was lost of each field: what it read before (now again), and what was sent. */
function lostFields(fields: SentFields, values: FieldValues | null): SentFields {
  const lost: SentFields = {};
  for (const [field, sent] of entries(fields)) {
    lost[field] = { base: values?.[field] ?? sent.base, mine: sent.mine };
  }
  return lost;
}

function entries(fields: SentFields): [EditableField, SentField][] {
  return Object.entries(fields) as [EditableField, SentField][];
}

import { flatFields } from '../../shared/ipc/edits';
import type { EventRecord } from '../../shared/wire/event';
import { ApiError } from '../api/errors';
import type { Conflicts } from './compare';
import type { EditableField } from './event-row';
import type { SentCheck, SentField, SentFields } from './sent-check-rows';
import type { SendContext } from './send-context';

/**
 * How an update goes out to a service without ETags, and when it is looked at again.
 *
 * Such a service has no conditional write, so two writers who both read a field before either
 * wrote it both succeed, and the later one silently wins. Neither can see it at the time. But the
 * one whose value was lost can see it afterwards: its field reads another value a moment after
 * its own write. So every such write is bounded, and watched:
 *
 * - it leaves within `sendByMs` of the check it was based on (the rate limit may hold it back; then
 *   the check is made again), and its answer comes within the request timeout, so it lands within
 *   `sendByMs` + timeout of its check;
 * - after its own answer, a writer looks at the fields again once `afterMs` has passed, longer than
 *   that bound plus the network's slack. Any write that crossed it (checked before it landed,
 *   landed after it) has landed by then, and a field that reads another value is shown as a
 *   conflict: the service's value, the one sent, and what both started from.
 *
 * A change someone made knowingly within that time shows as a conflict too: the organizer then
 * keeps theirs in one click. Shown twice is better than lost once.
 */
export const SENT_CHECK_TIMING = { sendByMs: 5_000, afterMs: 25_000 } as const;

export interface SentCheckTiming {
  sendByMs: number;
  afterMs: number;
  /**
   * The real time (epoch ms) looks fall due by; `Date.now` when absent. Tests move their own on
   * past a look rather than wait it out.
   */
  clock?: () => number;
}

/** Now, as the looks of `timing` count it. */
export function lookTime(timing: SentCheckTiming): number {
  return (timing.clock ?? Date.now)();
}

const LOOKS_IN_FLIGHT = 4;

/** What an unguarded write sent, for its check: each field's value at the check, and the value sent. */
export function sentFields(sent: Record<string, string | null>, checked: EventRecord): SentFields {
  const before = flatFields(checked);
  const fields: SentFields = {};
  for (const [field, mine] of Object.entries(sent) as [EditableField, string | null][]) {
    fields[field] = { base: before[field], mine };
  }
  return fields;
}

/** The fields of a check that read another value on the service now. */
export function crossedFields(check: SentCheck, record: EventRecord): Conflicts {
  const theirs = flatFields(record);
  const conflicts: Conflicts = {};
  for (const [field, sent] of Object.entries(check.fields) as [EditableField, SentField][]) {
    if (theirs[field] === sent.mine) continue;
    conflicts[field] = { base: sent.base, theirs: theirs[field], mine: sent.mine };
  }
  return conflicts;
}

/**
 * Makes every second look that is due: one read of each watched event. A field that moved since
 * this client wrote it becomes a conflict in the outbox; a look that gets no answer is made by the
 * next run instead. Returns how many looks are still waiting.
 */
export async function checkSentEdits(options: SendContext): Promise<number> {
  const { client, writer, settle, scope, read, signal, sentChecks } = options;
  const now = new Date(lookTime(sentChecks)).toISOString();
  const due = await read(() => writer.sentChecks.due(scope, now));
  // Set when the service cannot be asked: the looks left are made by the next run.
  let unanswered = false;

  async function look(check: SentCheck): Promise<void> {
    let answer: { record: EventRecord; etag: string | null };
    try {
      const response = await client.getEvent(check.eventId, { signal });
      if (response.value === undefined) return;
      answer = { record: response.value.data, etag: response.etag };
    } catch (error) {
      if (signal?.aborted === true) throw error;
      if (error instanceof ApiError && error.code === 'not_found') {
        await settle.checkFoundGone(check);
        return;
      }
      if (!(error instanceof ApiError)) throw error;
      unanswered = true;
      return;
    }
    await settle.checked(check, crossedFields(check, answer.record), answer.record, answer.etag);
  }

  // As many looks in flight as the outbox sends events side by side.
  const workers = Array.from({ length: Math.min(LOOKS_IN_FLIGHT, due.length) }, async () => {
    for (let check = due.shift(); check !== undefined && !unanswered; check = due.shift()) {
      await look(check);
    }
  });
  await Promise.all(workers);
  return read(() => writer.sentChecks.count(scope));
}

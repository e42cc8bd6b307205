import type { Random } from '../../../src/server/demo/random';
import {
  STREAM_TRANSITIONS,
  type EventRecord,
  type StreamStatus,
} from '../../../src/shared/wire/event';
import type { Outbox } from '../../../src/main/outbox/outbox';
import { newEvent } from './outbox-rig';

/** What the service must hold of an event once every edit is through. */
export interface Expected {
  name: string;
  venue: string;
  streamStatus: StreamStatus;
}

export interface ReplayPlan {
  /** By service code, for events that existed; `null`: deleted. */
  existing: Map<string, Expected | null>;
  /** By the created event's (unique) name. */
  created: Map<string, Expected>;
  edits: number;
}

/**
 * Queues a seeded mix of edits, as an organizer offline would make them, and works out what the
 * service must end up holding: a few updates (name, venue, stream moves) of existing events, a
 * delete of one of them now and then, and new events with edits of their own.
 */
export async function queueSeededEdits(
  outbox: Outbox,
  random: Random,
  targets: readonly EventRecord[],
  label: string,
): Promise<ReplayPlan> {
  const plan: ReplayPlan = { existing: new Map(), created: new Map(), edits: 0 };
  const nextStream = (from: StreamStatus) => random.pick(STREAM_TRANSITIONS[from]);

  for (const [index, target] of targets.entries()) {
    const state: Expected = {
      name: target.name,
      venue: target.location.venue,
      streamStatus: target.streamStatus,
    };
    for (let edit = 1; edit <= random.int(1, 3); edit += 1) {
      const what = random.pick(['name', 'venue', 'stream'] as const);
      if (what === 'name') state.name = `${label} e${index} name ${edit}`;
      if (what === 'venue') state.venue = `${label} e${index} venue ${edit}`;
      if (what === 'stream') state.streamStatus = nextStream(state.streamStatus);
      await outbox.update(target.id, {
        ...(what === 'name' ? { name: state.name } : {}),
        ...(what === 'venue' ? { location: { venue: state.venue } } : {}),
        ...(what === 'stream' ? { streamStatus: state.streamStatus } : {}),
      });
      plan.edits += 1;
    }
    plan.existing.set(target.id, { ...state });
    if (random.chance(0.3)) {
      await outbox.queueDelete(target.id);
      plan.existing.set(target.id, null);
      plan.edits += 1;
    }
  }

  for (let create = 1; create <= 2; create += 1) {
    const name = `${label} new ${create}`;
    const made = await outbox.create(newEvent(name));
    plan.edits += 1;
    const state: Expected = { name, venue: 'Hall 3', streamStatus: 'none' };
    for (let edit = 1; edit <= random.int(0, 2); edit += 1) {
      if (random.chance(0.5)) state.venue = `${label} new ${create} venue ${edit}`;
      else state.streamStatus = nextStream(state.streamStatus);
      await outbox.update(made.eventId, {
        location: { venue: state.venue },
        streamStatus: state.streamStatus,
      });
      plan.edits += 1;
    }
    plan.created.set(name, state);
  }
  return plan;
}

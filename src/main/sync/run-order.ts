import type { SyncScope } from '../../shared/ipc/sync';
import { breathe, settleAll } from './pacing';
import { EVENT_PARTS, type SyncPlanner } from './plan';
import type { PullContext, PullOutcome } from './pulls/context';
import { pullEvent, pullEventPart } from './pulls/event';
import { pullEventList, pullTeamList } from './pulls/lists';
import { pullTeam, pullTeamPart } from './pulls/team';
import { pullDueStats } from './stats-plan';

/** What one run needs to go through its phases; the engine provides the counting and pacing. */
export interface OrderedRun {
  scope: SyncScope;
  force: boolean;
  context: PullContext;
  planner: SyncPlanner;
  maxAgeMs: number;
  /** Runs one pull and counts it; `null` when it failed without stopping the run. */
  pull: (work: () => Promise<PullOutcome>) => Promise<PullOutcome | null>;
  /**
   * Tries once more, now, the pulls that failed on something transient so far. Done before the
   * statistics are planned: they follow the registrations and matches those pulls bring.
   */
  secondTries: () => Promise<void>;
  /** Runs `work` over `items` under a progress label, several at a time. */
  phase: <Item>(
    name: string,
    items: readonly Item[],
    work: (item: Item) => Promise<unknown>,
  ) => Promise<void>;
}

/**
 * The order of a run: what a person is most likely to open first is committed first. The events
 * list and the team list side by side; once both are visible (their check passes go on beside
 * what follows), pinned events, live events, favorite teams, then (scope `all`) every event in
 * full, and last the statistics that are due (see `pullDueStats`).
 */
export async function runInOrder(run: OrderedRun): Promise<void> {
  const { context, pull, phase } = run;
  const lists = new Map<ListPuller, Promise<PullOutcome | null>>();
  await phase('lists', [pullEventList, pullTeamList], (pullOne) =>
    untilVisible((visible) => {
      const pulled = pull(() => pullOne(context, visible));
      lists.set(pullOne, pulled);
      return pulled;
    }),
  );
  let scoped: ScopedPulls;
  try {
    scoped = await pullScope(run);
  } finally {
    // No check pass is left running when the run ends, whichever way it ends.
    await Promise.allSettled(lists.values());
  }
  await run.secondTries();
  // The statistics of seasons whose events left the list are due again.
  const events = await lists.get(pullEventList);
  for (const season of events?.seasons ?? []) scoped.changedSeasons.add(season);
  await pullDueStats(run, scoped);
}

type ListPuller = (context: PullContext, visible: () => void) => Promise<PullOutcome>;

/** Resolves once `start` says its list is visible, or its pull has ended without that. */
function untilVisible(start: (visible: () => void) => Promise<unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    start(resolve).then(() => resolve(), reject);
  });
}

interface ScopedPulls {
  favorites: number[];
  pinned: string[];
  live: string[];
  /** Events synced in full whose matches changed in this run. */
  playedAt: ReadonlySet<string>;
  changedSeasons: Set<string>;
}

/**
 * Everything of the scope after the lists, but its statistics. What a pull's outcome tells the
 * statistics is noted inside its work, so that a second try of it tells them too.
 */
async function pullScope(run: OrderedRun): Promise<ScopedPulls> {
  const { planner, scope, force, context, pull, phase, maxAgeMs } = run;
  // What the lists just committed (a replaced copy, above all) is what this run plans from.
  planner.refresh();
  const playedAt = new Set<string>();
  const fullEvent = async (eventId: string) => {
    const record = await pull(() => pullEvent(context, eventId));
    if (record === null || !context.writer.events.has(eventId)) return;
    await settleAll(
      EVENT_PARTS.map((part) =>
        pull(async () => {
          const outcome = await pullEventPart(context, eventId, part);
          if (part === 'matches' && outcome.changed) playedAt.add(eventId);
          return outcome;
        }),
      ),
    );
  };

  const pinned = planner.pinnedEvents();
  await phase('pinned events', pinned, fullEvent);
  const done = new Set(pinned);
  const live = planner.liveAndSoonEvents(context.now()).filter((id) => !done.has(id));
  await phase('live and coming events', live, fullEvent);
  for (const id of live) done.add(id);

  const favorites = planner.favoriteTeams();
  await phase('favorite teams', favorites, async (teamNumber) => {
    await pull(() => pullTeam(context, teamNumber));
    // With every event synced in full (scope all) these derive from the event tables.
    if (scope === 'default') {
      await settleAll(
        (['events', 'matches', 'clips'] as const).map((part) =>
          pull(() => pullTeamPart(context, teamNumber, part)),
        ),
      );
    }
  });

  const changedSeasons = new Set<string>();
  if (scope === 'all') {
    await breathe();
    planner.refresh();
    await breathe();
    const parts = planner.dueEventParts(context.now(), maxAgeMs, force, done);
    await phase('events in full', parts, ({ eventId, part }) =>
      pull(async () => {
        if (part === 'record') return pullEvent(context, eventId);
        const outcome = await pullEventPart(context, eventId, part);
        if (outcome.changed && part !== 'clips') {
          const season = planner.seasonOf(eventId);
          if (season !== undefined) changedSeasons.add(season);
        }
        return outcome;
      }),
    );
  }
  return { favorites, pinned, live, playedAt, changedSeasons };
}

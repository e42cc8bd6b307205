import { create } from 'zustand';
import type { CommandInput } from '../../../shared/ipc/contract';
import { WHAT_IF_RUNS, type WhatIfResult } from '../../../shared/ipc/analysis';
import type { Winner } from '../../../shared/wire/match';
import { bridge, describeError, unwrap } from '../api';
import { createQueryStore } from './query-store';

/*
 * The analysis' answers (rankings, OPR, Ratings, predictions, the next match), read like any cached
 * answer: each says it was built from `analysis`, so the change notice that follows a new
 * computation re-reads exactly these. `data` is null while the first computation runs.
 */

interface Answer<Data> {
  data: Data | null;
  builtFrom: string[];
}

export const analysisQueries = createQueryStore({
  event: (input: CommandInput<'analysis:event'>) => unwrap(bridge().analysis.event(input)),
  team: (input: CommandInput<'analysis:team'>) => unwrap(bridge().analysis.team(input)),
  season: (input: CommandInput<'analysis:season'>) => unwrap(bridge().analysis.season(input)),
});

export interface FixedOutcome {
  matchId: string;
  winner: Winner;
}

/** One event's what-if: the outcomes the analyst fixed and the last run's figures. */
export interface WhatIfState {
  fixed: FixedOutcome[];
  /** A run is under way (on the worker): the figures shown are the previous run's. */
  running: boolean;
  result: WhatIfResult | null;
  /** The run before the shown one, to show what fixing an outcome changed. */
  previous: WhatIfResult | null;
  /** The outcomes the shown result was run with, to say when they no longer match. */
  ranWith: FixedOutcome[] | null;
  error: string | null;
}

const IDLE: WhatIfState = {
  fixed: [],
  running: false,
  result: null,
  previous: null,
  ranWith: null,
  error: null,
};

type RunWhatIf = (input: {
  eventId: string;
  fixed: FixedOutcome[];
  runs: number;
}) => Promise<Answer<WhatIfResult>>;

interface WhatIfStore {
  byEvent: Record<string, WhatIfState>;
  /** Fixes a match's winner, or frees it with `null`. */
  fix: (eventId: string, matchId: string, winner: Winner | null) => void;
  run: (eventId: string) => Promise<void>;
}

/**
 * What-if runs, kept per event outside any view: the simulation runs on the worker, and the
 * analyst may leave the page while it does and find the figures when they come back. Only the
 * newest run of an event writes its figures.
 */
export function createWhatIf(runWhatIf: RunWhatIf, runs: number = WHAT_IF_RUNS.default) {
  const generation: Record<string, number> = {};
  return create<WhatIfStore>()((set, get) => {
    const patch = (eventId: string, change: Partial<WhatIfState>) =>
      set((state) => ({
        byEvent: {
          ...state.byEvent,
          [eventId]: { ...(state.byEvent[eventId] ?? IDLE), ...change },
        },
      }));
    return {
      byEvent: {},
      fix(eventId, matchId, winner) {
        const others = (get().byEvent[eventId] ?? IDLE).fixed.filter(
          (each) => each.matchId !== matchId,
        );
        patch(eventId, { fixed: winner === null ? others : [...others, { matchId, winner }] });
      },
      async run(eventId) {
        const mine = (generation[eventId] = (generation[eventId] ?? 0) + 1);
        const fixed = (get().byEvent[eventId] ?? IDLE).fixed;
        patch(eventId, { running: true, error: null });
        try {
          const answer = await runWhatIf({ eventId, fixed, runs });
          if (generation[eventId] !== mine) return;
          if (answer.data === null) {
            patch(eventId, {
              running: false,
              error: 'The analysis is still computing this event; run again in a moment.',
            });
            return;
          }
          const shown = get().byEvent[eventId]?.result ?? null;
          patch(eventId, { running: false, result: answer.data, previous: shown, ranWith: fixed });
        } catch (error) {
          if (generation[eventId] !== mine) return;
          patch(eventId, { running: false, error: describeError(error) });
        }
      },
    };
  });
}

export const useWhatIf = createWhatIf((input) => unwrap(bridge().analysis.whatIf(input)));

export function whatIfOf(state: { byEvent: Record<string, WhatIfState> }, eventId: string) {
  return state.byEvent[eventId] ?? IDLE;
}

/** Whether the shown figures were run with the outcomes fixed now. */
export function sameOutcomes(a: readonly FixedOutcome[], b: readonly FixedOutcome[]): boolean {
  const key = (list: readonly FixedOutcome[]) =>
    list
      .map((each) => `${each.matchId}=${each.winner}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

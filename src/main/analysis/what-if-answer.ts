import type { WhatIfInput, WhatIfResult } from '../../shared/ipc/analysis';
import type { Winner } from '../../shared/wire/match';
import { playedQualifications } from './event-figures';
import { matchLabel } from './math/next-match';
import { emptyTally, tallyAlliance } from './math/ranking-order';
import { NOISE_SHARE, simulate, type SimulatedMatch } from './math/what-if';
import type { ModelData } from './model';

/** A what-if asked about matches it cannot fix: said plainly, nothing run. */
export class WhatIfInputError extends Error {
  override readonly name = 'WhatIfInputError';
}

export function whatIfAnswer(data: ModelData, input: WhatIfInput): WhatIfResult | null {
  const event = data.events.get(input.eventId);
  const figures = data.figures.get(input.eventId);
  const state = event === undefined ? undefined : data.ratings.replay(event.season)?.state;
  if (event === undefined || figures === undefined || state === undefined) return null;
  const matches = data.matches.get(input.eventId) ?? [];
  const unplayed = matches.filter(
    (match) =>
      match.type === 'qualification' &&
      !match.played &&
      match.red.length > 0 &&
      match.blue.length > 0,
  );

  const fixed = new Map<string, Winner>();
  for (const { matchId, winner } of input.fixed) {
    const match = matches.find((candidate) => candidate.id === matchId);
    if (match === undefined || match.type !== 'qualification') {
      throw new WhatIfInputError(`${matchId} is not a qualification match of this event.`);
    }
    if (match.played) throw new WhatIfInputError(`${matchLabel(match)} was already played.`);
    fixed.set(matchId, winner);
  }

  const teams = new Set(figures.standings.map((standing) => standing.team));
  for (const match of unplayed) for (const team of [...match.red, ...match.blue]) teams.add(team);
  const list = [...teams].sort((a, b) => a - b);
  const slot = new Map(list.map((team, i) => [team, i]));
  const slots = (alliance: readonly number[]) =>
    Int32Array.from(alliance, (team) => slot.get(team) ?? 0);

  const base = emptyTally(list);
  for (const match of playedQualifications(matches)) {
    const redPoints = match.winner === 'red' ? 2 : match.winner === 'tie' ? 1 : 0;
    tallyAlliance(base, slots(match.red), match.redScore, redPoints);
    tallyAlliance(base, slots(match.blue), match.blueScore, 2 - redPoints);
  }
  const simulated = unplayed.map((match): SimulatedMatch => {
    const prediction = state.predict(match.red, match.blue);
    return {
      redSlots: slots(match.red),
      blueSlots: slots(match.blue),
      redScore: prediction.redScore,
      blueScore: prediction.blueScore,
      fixed: fixed.get(match.id) ?? null,
    };
  });
  const size = unplayed[0]?.red.length ?? 3;
  const { spread } = state.summary(size);
  // A share d of σ² in the win probability's spread is a share of the same size in the drawn
  // margin's variance, 2·(NOISE_SHARE·σ)²: hence each team's √(2d)·NOISE_SHARE·σ.
  const doubt = Float64Array.from(
    list,
    (team) => Math.sqrt(2 * state.teamDoubt(team, size)) * NOISE_SHARE * spread,
  );
  const { expectedRank, top } = simulate({
    base,
    matches: simulated,
    spread,
    doubt,
    runs: input.runs,
    seed: input.seed,
  });

  const rankNow = new Map(
    figures.standings
      .filter((standing) => standing.avgScore !== null)
      .map((standing) => [standing.team, standing.rank]),
  );
  const rows = list.map((team, i) => ({
    team,
    rankNow: rankNow.get(team) ?? null,
    expectedRank: expectedRank[i] ?? 0,
    top8: top[i] ?? 0,
  }));
  rows.sort((a, b) => a.expectedRank - b.expectedRank || a.team - b.team);
  return {
    eventId: input.eventId,
    runs: input.runs,
    remaining: unplayed.length - fixed.size,
    teams: rows,
    basis: {
      played: figures.played,
      total: figures.total,
      asOf: data.eventAsOf.get(input.eventId) ?? '',
    },
  };
}

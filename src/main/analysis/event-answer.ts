import {
  favouredSide,
  type EventAnalysis,
  type EventTeamRow,
  type MatchPrediction,
  type PredictionAccuracy,
} from '../../shared/ipc/analysis';
import type { MatchInfo } from './cache-read';
import type { SeasonReplay } from './math/season-replay';
import type { ModelData } from './model';

/**
 * Every match with both alliances known, in schedule order: a played one with its prediction from
 * the Ratings before it, a scheduled one from the Ratings now.
 */
export function matchPredictions(
  matches: readonly MatchInfo[],
  replay: SeasonReplay | undefined,
): MatchPrediction[] {
  if (replay === undefined) return [];
  const before = replay.predictionsById();
  const predictions: MatchPrediction[] = [];
  for (const match of matches) {
    if (match.red.length === 0 || match.blue.length === 0) continue;
    const prediction = match.played
      ? before.get(match.id)
      : replay.state.predict(match.red, match.blue);
    if (prediction === undefined) continue;
    const winner = match.played ? match.winner : null;
    const favoured = prediction.early ? null : favouredSide(prediction.redWinProbability);
    predictions.push({
      matchId: match.id,
      redScore: prediction.redScore,
      blueScore: prediction.blueScore,
      redWinProbability: prediction.redWinProbability,
      tooEarly: prediction.early,
      winner,
      right: winner === null || favoured === null ? null : favoured === winner,
    });
  }
  return predictions;
}

export function predictionAccuracy(
  predictions: readonly MatchPrediction[],
): PredictionAccuracy | null {
  let matches = 0;
  let called = 0;
  let right = 0;
  let squares = 0;
  for (const prediction of predictions) {
    if (prediction.winner === null) continue;
    matches += 1;
    if (prediction.right !== null) called += 1;
    if (prediction.right === true) right += 1;
    const outcome = prediction.winner === 'red' ? 1 : prediction.winner === 'blue' ? 0 : 0.5;
    squares += (prediction.redWinProbability - outcome) ** 2;
  }
  return matches === 0 ? null : { matches, called, right, brier: squares / matches };
}

export function eventAnswer(data: ModelData, eventId: string): EventAnalysis | null {
  const event = data.events.get(eventId);
  const figures = data.figures.get(eventId);
  if (event === undefined || figures === undefined) return null;
  const replay = data.ratings.replay(event.season);
  const teams = figures.standings.map((standing): EventTeamRow => ({
    ...standing,
    contribution: figures.contributions.get(standing.team) ?? null,
    rating: replay?.state.ratings.get(standing.team) ?? null,
  }));
  const predictions = matchPredictions(data.matches.get(eventId) ?? [], replay);
  return {
    eventId,
    season: event.season,
    basis: {
      played: figures.played,
      total: figures.total,
      asOf: data.eventAsOf.get(eventId) ?? '',
    },
    teams,
    predictions,
    accuracy: predictionAccuracy(predictions),
  };
}

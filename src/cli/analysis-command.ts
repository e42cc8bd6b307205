import type { Writable } from 'node:stream';
import type { EventAnalysis } from '../shared/ipc/analysis';
import { createAnalysisModel } from '../main/analysis/model';
import type { AnalysisCommand } from './analysis-args';
import { openCacheForReading } from './data-dir';
import { CliError, EXIT } from './errors';
import { writeCsv, writeJson } from './export-command';
import { ChunkedOutput } from './output';

export const STATS_COLUMNS = [
  'team',
  'rank',
  'wins',
  'losses',
  'ties',
  'rankingPoints',
  'avgScore',
  'opr',
  'dpr',
  'ccwm',
  'rating',
  'provisional',
] as const;
export const PREDICT_COLUMNS = [
  'match',
  'redScore',
  'blueScore',
  'redWinProbability',
  'tooEarly',
] as const;

function statsRows(analysis: EventAnalysis): Record<(typeof STATS_COLUMNS)[number], unknown>[] {
  return analysis.teams.map((row) => ({
    team: row.team,
    rank: row.rank,
    wins: row.wins,
    losses: row.losses,
    ties: row.ties,
    rankingPoints: row.rankingPoints,
    avgScore: row.avgScore,
    opr: row.contribution?.opr ?? null,
    dpr: row.contribution?.dpr ?? null,
    ccwm: row.contribution?.ccwm ?? null,
    rating: row.rating,
    provisional: row.contribution?.provisional ?? null,
  }));
}

/** The matches still to play: a played one has its winner. */
function predictRows(analysis: EventAnalysis): Record<(typeof PREDICT_COLUMNS)[number], unknown>[] {
  return analysis.predictions
    .filter((prediction) => prediction.winner === null)
    .map((prediction) => ({
      match: prediction.matchId,
      redScore: prediction.redScore,
      blueScore: prediction.blueScore,
      redWinProbability: prediction.redWinProbability,
      tooEarly: prediction.tooEarly,
    }));
}

/**
 * Prints one event's table (`stats`) or predictions (`predict`). It reads the cache only, on a
 * read-only connection, and computes in this process: the same model the app's worker runs.
 */
export async function runAnalysisCommand(
  command: AnalysisCommand,
  stdout: Writable,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const cache = openCacheForReading(command.dataDir);
  let rows: Record<string, unknown>[];
  try {
    const model = createAnalysisModel(cache.db, clock);
    model.refresh(['all']);
    const analysis = model.event(command.eventId);
    if (analysis === null) {
      throw new CliError(EXIT.usage, `the cache holds no event "${command.eventId}"`);
    }
    rows = command.command === 'stats' ? statsRows(analysis) : predictRows(analysis);
  } finally {
    cache.close();
  }
  const output = new ChunkedOutput(stdout);
  const columns = command.command === 'stats' ? STATS_COLUMNS : PREDICT_COLUMNS;
  if (command.format === 'json') await writeJson(rows, output);
  else await writeCsv(rows, columns, output);
  await output.end();
  return EXIT.ok;
}

import type { CacheResource } from '../../shared/ipc/resources';
import { NOT_READY, type AnalysisService } from '../analysis/analysis-service';
import type { AnalysisQueries, QueryKind } from '../analysis/worker/protocol';
import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';

type AnalysisCommand = 'analysis:event' | 'analysis:team' | 'analysis:season' | 'analysis:whatIf';

/** Every analysis answer changes with the `analysis` notice, which follows any change it uses. */
const BUILT_FROM: CacheResource[] = ['analysis'];

/**
 * The analyst's bench over the worker. Main only waits for the worker's message, never for the
 * computation: other commands are answered meanwhile. `data` is null while no computation has
 * finished; after that, what the cache does not hold is `not_found`.
 */
export function createAnalysisHandlers(analysis: AnalysisService): Pick<Handlers, AnalysisCommand> {
  async function answer<Kind extends Exclude<QueryKind, 'refresh'>>(
    kind: Kind,
    ask: AnalysisQueries[Kind]['ask'],
    missing: string,
  ) {
    const value = await analysis.query(kind, ask);
    if (value === NOT_READY) return { data: null, builtFrom: BUILT_FROM };
    if (value === null) throw new IpcFailure('not_found', missing);
    return { data: value as NonNullable<AnalysisQueries[Kind]['answer']>, builtFrom: BUILT_FROM };
  }
  return {
    'analysis:event': ({ eventId }) =>
      answer('event', { eventId }, `There is no event ${eventId} in the cache.`),
    'analysis:team': ({ teamNumber, season }) =>
      answer(
        'team',
        { teamNumber, season },
        season === undefined
          ? `Team ${teamNumber} has no matches in the cache.`
          : `Team ${teamNumber} has no matches in the ${season} season in the cache.`,
      ),
    'analysis:season': ({ season }) =>
      answer('season', { season }, `There are no matches of the ${season} season in the cache.`),
    'analysis:whatIf': (input) =>
      answer('whatIf', { input }, `There is no event ${input.eventId} in the cache.`),
  };
}

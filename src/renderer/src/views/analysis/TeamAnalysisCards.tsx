import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../routes';
import { analysisQueries } from '../../stores/analysis';
import { eventQueries } from '../../stores/reads';
import { AnalysisState } from './AnalysisState';
import { basisLine, formatFigure, rankOf } from './analysis-words';
import '../../styles/analysis.css';
import { ContributionFigure } from './Figure';
import { NextMatchLine } from './NextMatchLine';

/** "at Leeds Open": the event the OPR comes from, by its name once read. */
function LatestEvent({ eventId }: { eventId: string }) {
  const event = eventQueries.useQuery('event', { eventId }).value?.data ?? null;
  return (
    <span className="card-note">
      at <Link to={paths.event(eventId)}>{event?.name ?? eventId}</Link>
    </span>
  );
}

/**
 * A team's page: OPR at its latest event, its season Rating with its rank, and its next match,
 * each computed here from the local copy. Each value is labelled by its card's term.
 */
export function TeamAnalysisCards({ teamNumber, season }: { teamNumber: number; season?: string }) {
  const id = useId();
  const analysis = analysisQueries.useQuery(
    'team',
    season === undefined ? { teamNumber } : { teamNumber, season },
    { keepPrevious: true },
  );
  return (
    <div className="team-analysis" data-testid="team-analysis">
      <AnalysisState remote={analysis}>
        {(data) => {
          const latest = data.events[0];
          return (
            <>
              <dl className="stat-cards analysis-cards">
                <div className="stat-card">
                  <dt id={`${id}-opr`}>OPR</dt>
                  <dd className="num" aria-labelledby={`${id}-opr`} data-testid="team-opr">
                    <ContributionFigure contribution={latest?.contribution ?? null} />
                    {latest !== undefined && <LatestEvent eventId={latest.eventId} />}
                  </dd>
                </div>
                <div className="stat-card">
                  <dt id={`${id}-rating`}>Rating</dt>
                  <dd className="num" aria-labelledby={`${id}-rating`} data-testid="team-rating">
                    {data.rating === null ? (
                      <span className="muted">no match this season</span>
                    ) : (
                      <>
                        {formatFigure(data.rating.value)}{' '}
                        <span className="muted rating-rank">
                          {rankOf(data.rating.rank, data.rating.of)}
                        </span>
                      </>
                    )}
                  </dd>
                </div>
                <div className="stat-card next-card">
                  <dt id={`${id}-next`}>Next match</dt>
                  <dd aria-labelledby={`${id}-next`}>
                    <NextMatchLine next={data.next} />
                  </dd>
                </div>
              </dl>
              <p className="muted analysis-basis">Computed here {basisLine(data.basis)}.</p>
            </>
          );
        }}
      </AnalysisState>
    </div>
  );
}

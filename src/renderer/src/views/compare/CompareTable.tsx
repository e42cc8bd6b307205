import { X } from 'lucide-react';
import { Link } from 'react-router';
import { Freshness } from '../../components/Freshness';
import { paths } from '../../routes';
import { AnalysisRows } from './AnalysisRows';
import { bestColumns, judgedValues, STAT_ROWS } from './compare-rows';
import { CompareValueCell } from './CompareValueCell';
import { MissingStats } from './MissingStats';
import type { CompareColumn } from './use-compare-columns';

function TeamHeader({
  column,
  onRemove,
}: {
  column: CompareColumn;
  onRemove: (teamNumber: number) => void;
}) {
  const { teamNumber, team } = column;
  return (
    <th scope="col" className="compare-team" data-testid={`compare-team-${teamNumber}`}>
      <div className="compare-team-head">
        <Link to={paths.team(teamNumber)} className="compare-team-link">
          <span className="num">{teamNumber}</span>
          {team !== null && <span className="compare-team-name"> · {team.name}</span>}
        </Link>
        <button
          type="button"
          className="icon-button"
          aria-label={`Remove ${teamNumber}`}
          title={`Remove ${teamNumber} from the comparison`}
          onClick={() => onRemove(teamNumber)}
        >
          <X size={14} aria-hidden="true" />
        </button>
      </div>
      <div className="compare-team-meta">
        {column.teamError !== null ? (
          <span className="compare-missing">{column.teamError}</span>
        ) : (
          // A column without figures says why in its cell; an age of nothing would only confuse.
          (column.loading || column.stats !== null) && <Freshness freshness={column.freshness} />
        )}
      </div>
    </th>
  );
}

/**
 * Two to four teams side by side, one row per statistic. The best value of a row is bold, with a
 * trophy and the word "best" for screen readers, never colour alone.
 */
export function CompareTable({
  columns,
  season,
  onRemove,
}: {
  columns: readonly CompareColumn[];
  season: string | null;
  onRemove: (teamNumber: number) => void;
}) {
  return (
    <div className="compare-scroll">
      <table className={`data compare-table columns-${columns.length}`} data-testid="compare-table">
        <caption className="visually-hidden">
          {season === null ? 'Team statistics' : `Team statistics for ${season}`}; the best value of
          each row where more or less is better is marked best, wins and losses per match played
        </caption>
        <thead>
          <tr>
            <th scope="col" className="compare-stat">
              Statistic
            </th>
            {columns.map((column) => (
              <TeamHeader key={column.teamNumber} column={column} onRemove={onRemove} />
            ))}
          </tr>
        </thead>
        <tbody>
          {STAT_ROWS.map((row, rowIndex) => {
            const values = columns.map((column) =>
              column.stats === null ? null : row.value(column.stats),
            );
            const best = bestColumns(
              judgedValues(
                row,
                columns.map((column) => column.stats),
              ),
              row.better,
            );
            return (
              <tr key={row.key} data-testid={`compare-row-${row.key}`}>
                <th scope="row" className="compare-stat">
                  {row.label}
                </th>
                {columns.map((column, index) => {
                  // A team without statistics to compare has one cell down the whole column that
                  // says why, never a dash per row that reads as "none".
                  if (!column.loading && column.stats === null) {
                    return rowIndex === 0 ? (
                      <MissingStats
                        key={column.teamNumber}
                        column={column}
                        season={season}
                        rows={STAT_ROWS.length}
                      />
                    ) : null;
                  }
                  const value = values[index] ?? null;
                  const isBest = best.has(index);
                  return (
                    <CompareValueCell
                      key={column.teamNumber}
                      teamNumber={column.teamNumber}
                      text={value === null ? null : row.format(value)}
                      isBest={isBest}
                      pending={
                        column.loading ? (
                          <span className="skeleton compare-skeleton" aria-hidden="true" />
                        ) : undefined
                      }
                    />
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        <AnalysisRows columns={columns} season={season} />
      </table>
    </div>
  );
}

import type { TeamAnalysis } from '../../../../shared/ipc/analysis';
import { analysisQueries } from '../../stores/analysis';
import '../../styles/analysis.css';
import { formatFigure, provisionalNote } from '../analysis/analysis-words';
import { bestColumns, type StatRow } from './compare-rows';
import { CompareValueCell } from './CompareValueCell';
import type { CompareColumn } from './use-compare-columns';

interface AnalysisRow {
  key: string;
  label: string;
  better: StatRow['better'];
  value: (analysis: TeamAnalysis) => number | null;
  /** Whether the team's value is a provisional guess, with the reason. */
  note: (analysis: TeamAnalysis) => string | null;
}

const latest = (analysis: TeamAnalysis) => analysis.events[0]?.contribution ?? null;

/** OPR, DPR and CCWM at the team's latest event this season; its season Rating. */
export const ANALYSIS_ROWS: readonly AnalysisRow[] = [
  {
    key: 'opr',
    label: 'OPR',
    better: 'higher',
    value: (a) => latest(a)?.opr ?? null,
    note: (a) => nullableNote(a),
  },
  {
    key: 'dpr',
    label: 'DPR',
    // Points the opponents score: fewer is better.
    better: 'lower',
    value: (a) => latest(a)?.dpr ?? null,
    note: (a) => nullableNote(a),
  },
  {
    key: 'ccwm',
    label: 'CCWM',
    better: 'higher',
    value: (a) => latest(a)?.ccwm ?? null,
    note: (a) => nullableNote(a),
  },
  {
    key: 'rating',
    label: 'Rating',
    better: 'higher',
    value: (a) => a.rating?.value ?? null,
    note: () => null,
  },
];

function nullableNote(analysis: TeamAnalysis): string | null {
  const contribution = latest(analysis);
  return contribution === null ? null : provisionalNote(contribution);
}

/**
 * The analysis' rows of the comparison, computed here: a body of their own under the service's
 * statistics, marked best the same way (bold, a trophy and the word, never colour alone).
 */
export function AnalysisRows({
  columns,
  season,
}: {
  columns: readonly CompareColumn[];
  season: string | null;
}) {
  const answers = analysisQueries.useQueries(
    'team',
    columns.map(({ teamNumber }) => (season === null ? { teamNumber } : { teamNumber, season })),
  );
  const analyses = answers.map((answer) => answer.value?.data ?? null);
  return (
    <tbody className="compare-analysis" data-testid="compare-analysis">
      {ANALYSIS_ROWS.map((row) => {
        const values = analyses.map((analysis) => (analysis === null ? null : row.value(analysis)));
        const best = bestColumns(values, row.better);
        return (
          <tr key={row.key} data-testid={`compare-row-${row.key}`}>
            <th scope="row" className="compare-stat">
              {row.label}
            </th>
            {columns.map((column, index) => {
              const analysis = analyses[index] ?? null;
              const value = values[index] ?? null;
              const note = analysis === null ? null : row.note(analysis);
              const isBest = best.has(index);
              return (
                <CompareValueCell
                  key={column.teamNumber}
                  teamNumber={column.teamNumber}
                  text={value === null ? null : formatFigure(value)}
                  isBest={isBest}
                  pending={
                    analysis === null && answers[index]?.status === 'loading' ? (
                      <span className="muted">Computing…</span>
                    ) : undefined
                  }
                  note={note !== null && <span className="provisional-note"> ≈ {note}</span>}
                />
              );
            })}
          </tr>
        );
      })}
    </tbody>
  );
}

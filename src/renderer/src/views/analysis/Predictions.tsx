import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MatchPrediction } from '../../../../shared/ipc/analysis';
import type { MatchRecord } from '../../../../shared/wire/match';
import type { ExtraColumn } from '../../components/MatchTable';
import { analysisQueries } from '../../stores/analysis';
import '../../styles/analysis.css';
import {
  accuracyLine,
  COMPUTING,
  favoriteText,
  predictedScores,
  TOO_EARLY_TITLE,
  verdictText,
} from './analysis-words';

function PredictionCell({ prediction }: { prediction: MatchPrediction | undefined }) {
  if (prediction === undefined) return <span className="muted">—</span>;
  if (prediction.tooEarly) {
    // Scores from Ratings that rest on a match or two (or none: 0–0) would say more than is known.
    return (
      <span className="prediction muted" data-testid="prediction" title={TOO_EARLY_TITLE}>
        {favoriteText(prediction)}
      </span>
    );
  }
  const verdict = verdictText(prediction);
  return (
    <span className="prediction" data-testid="prediction">
      <span title="Predicted winner and its chance">{favoriteText(prediction)}</span>
      {verdict === null ? (
        <span className="muted" title="Predicted scores, red first">
          {' '}
          · {predictedScores(prediction)}
        </span>
      ) : (
        <span
          className={prediction.right === true ? 'verdict right' : 'verdict wrong'}
          title="Whether the prediction picked the winner"
        >
          {' '}
          {prediction.right === true ? (
            <Check size={13} aria-hidden="true" />
          ) : (
            <X size={13} aria-hidden="true" />
          )}
          <span className="visually-hidden">prediction</span> {verdict}
        </span>
      )}
    </span>
  );
}

/**
 * The event's predictions for its Matches tab: a column for the schedule (predicted scores and
 * the favourite's chance; for a played match, whether it was right) and one line on how the
 * predictions did.
 */
export function usePredictions(eventId: string): { column: ExtraColumn; summary: ReactNode } {
  const analysis = analysisQueries.useQuery('event', { eventId });
  const data = analysis.value?.data ?? null;
  const byMatch = new Map(data?.predictions.map((each) => [each.matchId, each]) ?? []);
  const column: ExtraColumn = {
    header: 'Prediction',
    cell: (match: MatchRecord) =>
      data === null ? (
        <span className="muted">{COMPUTING}</span>
      ) : (
        <PredictionCell prediction={byMatch.get(match.id)} />
      ),
  };
  const summary = (
    <p className="prediction-summary" data-testid="prediction-accuracy">
      <strong>Predictions</strong>{' '}
      {data === null ? (
        <span className="muted">{COMPUTING}</span>
      ) : (
        <>
          {accuracyLine(data.accuracy)}{' '}
          <span className="muted">· each from the Ratings as they stood before the match</span>
        </>
      )}
    </p>
  );
  return { column, summary };
}

import { RatingState, type Prediction, type RatedMatch, type SeasonStart } from './rating-state';

/*
 * A season's Ratings, replayed over its played matches in time order. The state is kept at
 * checkpoints, so that when matches change (a new score, a corrected one, a match played earlier
 * than one already known) the replay resumes from the last checkpoint before the first difference:
 * the result is the full replay's, bit for bit, since the replay is deterministic.
 */

/** At most this many checkpoints per season (each is a copy of every team's state). */
const MAX_CHECKPOINTS = 16;
const MIN_CHECKPOINT_SPACING = 64;

function sameTeams(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((team, i) => team === b[i]);
}

function sameMatch(a: RatedMatch, b: RatedMatch): boolean {
  return (
    a.id === b.id &&
    a.redScore === b.redScore &&
    a.blueScore === b.blueScore &&
    a.playoff === b.playoff &&
    sameTeams(a.red, b.red) &&
    sameTeams(a.blue, b.blue)
  );
}

function sameStart(a: SeasonStart, b: SeasonStart): boolean {
  if (a.standing.size !== b.standing.size || a.priors.size !== b.priors.size) return false;
  for (const [team, value] of a.standing) if (b.standing.get(team) !== value) return false;
  for (const [size, prior] of a.priors) {
    const other = b.priors.get(size);
    if (other?.mean !== prior.mean || other.spread !== prior.spread) return false;
  }
  return true;
}

export class SeasonReplay {
  private matches: readonly RatedMatch[] = [];
  private predictions: Prediction[] = [];
  private checkpoints: { position: number; state: RatingState }[] = [];
  private current: RatingState;
  private byId: Map<string, Prediction> | null = null;
  /** Matches replayed by the last update (for tests of incrementality). */
  replayed = 0;

  constructor(private start: SeasonStart) {
    this.current = new RatingState(start);
  }

  get state(): RatingState {
    return this.current;
  }

  /** Each played match's prediction from the Ratings before it, by match id. */
  predictionsById(): ReadonlyMap<string, Prediction> {
    if (this.byId !== null) return this.byId;
    const result = new Map<string, Prediction>();
    this.matches.forEach((match, i) => {
      const prediction = this.predictions[i];
      if (prediction !== undefined) result.set(match.id, prediction);
    });
    this.byId = result;
    return result;
  }

  get matchCount(): number {
    return this.matches.length;
  }

  /** Brings the Ratings to `matches` (time order); false when nothing changed. */
  update(matches: readonly RatedMatch[], start: SeasonStart): boolean {
    let from = 0;
    if (sameStart(start, this.start)) {
      const common = Math.min(matches.length, this.matches.length);
      while (
        from < common &&
        sameMatch(matches[from] as RatedMatch, this.matches[from] as RatedMatch)
      ) {
        from += 1;
      }
      if (from === matches.length && from === this.matches.length) {
        this.replayed = 0;
        return false;
      }
    } else {
      this.start = start;
    }
    this.checkpoints = this.checkpoints.filter((checkpoint) => checkpoint.position <= from);
    if (from === 0) this.checkpoints = [];
    const resume = this.checkpoints[this.checkpoints.length - 1];
    const state = resume === undefined ? new RatingState(start) : resume.state.clone();
    const first = resume?.position ?? 0;
    const spacing = Math.max(MIN_CHECKPOINT_SPACING, Math.ceil(matches.length / MAX_CHECKPOINTS));
    this.predictions.length = first;
    for (let i = first; i < matches.length; i++) {
      if (i > 0 && i % spacing === 0 && i !== first)
        this.checkpoints.push({ position: i, state: state.clone() });
      this.predictions.push(state.play(matches[i] as RatedMatch));
    }
    this.replayed = matches.length - first;
    this.byId = null;
    this.matches = matches;
    this.current = state;
    return true;
  }
}

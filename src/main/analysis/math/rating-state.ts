import {
  CALL_AFTER_MATCHES,
  EARLIER_SEASONS_EVIDENCE,
  PLAYOFF_WEIGHT,
  TEAM_DOUBT,
  stepFactor,
} from './rating-constants';
import { ScoreScale, type ScaleSummary } from './score-scale';
import { redWinProbability } from './win-probability';

/*
 * The season's Ratings at one moment of the replay: every team's value and match count, and the
 * scores' scale per alliance size. Cloned at checkpoints so that a change at one match replays the
 * season from there only.
 */

export interface RatedMatch {
  id: string;
  red: readonly number[];
  blue: readonly number[];
  redScore: number;
  blueScore: number;
  playoff: boolean;
}

export interface Prediction {
  redScore: number;
  blueScore: number;
  redWinProbability: number;
  /** Too early to call: a team's Rating rests on too few matches; the chance is then 0.5. */
  early: boolean;
}

/** What a season starts from: the teams' standing from earlier seasons and their scales. */
export interface SeasonStart {
  /** Per team: its start, in σ from the mean (0 for a team new to the data). */
  standing: ReadonlyMap<number, number>;
  /** Per alliance size: the previous season's final scale. */
  priors: ReadonlyMap<number, ScaleSummary>;
}

/**
 * What is not known yet of a team's Rating, as a share of σ²: a team never seen is off by up to
 * TEAM_DOUBT·σ²/size, and by less with each match of evidence. Without it, a cache holding one
 * event predicted a match from a few results as if the Ratings were exact.
 */
function teamDoubt(evidence: number, size: number): number {
  return TEAM_DOUBT / (size * (1 + evidence));
}

export class RatingState {
  constructor(
    readonly start: SeasonStart,
    readonly ratings = new Map<number, number>(),
    /** Qualification matches played, which set the step. */
    readonly qualifications = new Map<number, number>(),
    /** Every played match. */
    readonly played = new Map<number, number>(),
    /** The alliance size each team plays in. */
    readonly sizes = new Map<number, number>(),
    readonly scales = new Map<number, ScoreScale>(),
  ) {}

  clone(): RatingState {
    const scales = new Map([...this.scales].map(([size, scale]) => [size, scale.clone()]));
    return new RatingState(
      this.start,
      new Map(this.ratings),
      new Map(this.qualifications),
      new Map(this.played),
      new Map(this.sizes),
      scales,
    );
  }

  /** The scale of an alliance size as it stands (read only: an unseen size is not added). */
  summary(size: number): ScaleSummary {
    const scale =
      this.scales.get(size) ?? new ScoreScale(0, 0, 0, this.start.priors.get(size) ?? null);
    return scale.summary();
  }

  private scale(size: number): ScoreScale {
    let scale = this.scales.get(size);
    if (scale === undefined) {
      scale = new ScoreScale(0, 0, 0, this.start.priors.get(size) ?? null);
      this.scales.set(size, scale);
    }
    return scale;
  }

  /** The team's rating now, or where it would start if it played now. */
  rating(team: number, size: number): number {
    const rating = this.ratings.get(team);
    if (rating !== undefined) return rating;
    const { mean, spread } = this.summary(size);
    return mean / size + (this.start.standing.get(team) ?? 0) * spread;
  }

  predict(red: readonly number[], blue: readonly number[]): Prediction {
    const size = red.length;
    let redScore = 0;
    let blueScore = 0;
    for (const team of red) redScore += this.rating(team, size);
    for (const team of blue) blueScore += this.rating(team, blue.length);
    // One pass over the six teams, in the replay's hot loop: how sure, and whether to call at all.
    let doubt = 0;
    let early = false;
    for (const alliance of [red, blue]) {
      for (const team of alliance) {
        const evidence = this.evidence(team);
        doubt += teamDoubt(evidence, alliance.length);
        early ||= evidence < CALL_AFTER_MATCHES;
      }
    }
    const spread = this.summary(size).spread * Math.sqrt(1 + doubt);
    return {
      redScore,
      blueScore,
      redWinProbability: early ? 0.5 : redWinProbability(redScore, blueScore, spread),
      early,
    };
  }

  /**
   * How many matches a team's Rating rests on: those it played this season, and
   * EARLIER_SEASONS_EVIDENCE more when it played a season before.
   */
  private evidence(team: number): number {
    const earlier = this.start.standing.has(team) ? EARLIER_SEASONS_EVIDENCE : 0;
    return earlier + (this.played.get(team) ?? 0);
  }

  /** One team's share of the doubt `predict` widens σ by, on an alliance of `size`. */
  teamDoubt(team: number, size: number): number {
    return teamDoubt(this.evidence(team), size);
  }

  /** Plays one match: returns its prediction from the state before it, then learns from it. */
  play(match: RatedMatch): Prediction {
    const prediction = this.predict(match.red, match.blue);
    this.learn(match.red, match.redScore - prediction.redScore, match.playoff);
    this.learn(match.blue, match.blueScore - prediction.blueScore, match.playoff);
    const scale = this.scale(match.red.length);
    scale.add(match.redScore);
    if (match.blue.length === match.red.length) scale.add(match.blueScore);
    else this.scale(match.blue.length).add(match.blueScore);
    return prediction;
  }

  private learn(teams: readonly number[], error: number, playoff: boolean): void {
    const size = teams.length;
    for (const team of teams) {
      const qualifications = this.qualifications.get(team) ?? 0;
      const weight = playoff ? PLAYOFF_WEIGHT : 1;
      const step = (weight * stepFactor(qualifications) * error) / size;
      this.ratings.set(team, this.rating(team, size) + step);
      if (!playoff) this.qualifications.set(team, qualifications + 1);
      this.played.set(team, (this.played.get(team) ?? 0) + 1);
      this.sizes.set(team, size);
    }
  }

  /** Each rated team's standing at the end: its distance from the mean, in σ. */
  standings(): Map<number, number> {
    const result = new Map<number, number>();
    for (const [team, rating] of this.ratings) {
      const size = this.sizes.get(team) ?? 1;
      const { mean, spread } = this.summary(size);
      result.set(team, (rating - mean / size) / spread);
    }
    return result;
  }

  finalScales(): Map<number, ScaleSummary> {
    return new Map([...this.scales].map(([size, scale]) => [size, scale.summary()]));
  }
}

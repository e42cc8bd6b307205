import type { Season } from './calendar';
import type { DemoEvent } from './events';
import type { Random } from './random';
import { ALLIANCE_SIZE, type Program } from './sizes';
import type { DemoTeam } from './teams';

/*
 * Each team's hidden strength, which the scores are drawn from so that rankings, OPR and ratings
 * computed from them have something true to find. Strengths are kept as shares of a unit (1 is
 * about an average team) and turned into points by the program's and season's game.
 */

/** Points one team of strength 1 adds to its alliance's score, before the season's game applies. */
const SCORE_UNIT: Readonly<Record<Program, number>> = { frc: 40, ftc: 55 };
/** How differently each season's game scores, as a factor on the unit. */
const SEASON_SCALE = { low: 0.85, range: 0.35 } as const;
/**
 * Noise on an alliance's score, per team on it, as a share of the unit: a good or bad match. About
 * what the scores had before strengths drifted, so the score scale and spread stay as they were.
 */
const NOISE_PER_TEAM = 0.15;
/** The change from a season's first day to its last: a little either way, slightly up on average. */
const TREND = { mean: 0.04, spread: 0.25 } as const;
/** A season opens partly where the last one ended, partly at the team's usual level, plus luck. */
const CARRY_OVER = 0.6;
const OFFSEASON_SPREAD = 0.06;
const LIMITS = { low: 0.3, high: 2 } as const;

/** A team's strength through one season, in shares: a straight line from its first day to its last. */
interface Curve {
  start: number;
  end: number;
}

function clamp(value: number): number {
  return Math.min(LIMITS.high, Math.max(LIMITS.low, value));
}

export class StrengthDrift {
  private readonly seasonIndex: ReadonlyMap<string, number>;

  private constructor(
    seasons: readonly Season[],
    private readonly scales: readonly number[],
    private readonly curves: ReadonlyMap<DemoTeam, readonly Curve[]>,
  ) {
    this.seasonIndex = new Map(seasons.map((season, index) => [season.label, index]));
  }

  /**
   * `seasons` oldest first: each season's curve starts from the end of the one before. The
   * seasons' scales come from `scaleRandom`, the matches' stream, as they always have, so each
   * season's game keeps the score scale it had before strengths drifted.
   */
  static draw(
    random: Random,
    scaleRandom: Random,
    seasons: readonly Season[],
    teams: readonly DemoTeam[],
  ): StrengthDrift {
    const scales = seasons.map(() => SEASON_SCALE.low + SEASON_SCALE.range * scaleRandom.next());
    const curves = new Map<DemoTeam, Curve[]>();
    for (const team of teams) {
      const usual = team.strength;
      let previousEnd = usual;
      const ofTeam = seasons.map((): Curve => {
        const opening = CARRY_OVER * previousEnd + (1 - CARRY_OVER) * usual;
        const start = clamp(random.gaussian(opening, OFFSEASON_SPREAD));
        const end = clamp(random.gaussian(start + TREND.mean, TREND.spread));
        previousEnd = end;
        return { start, end };
      });
      curves.set(team, ofTeam);
    }
    return new StrengthDrift(seasons, scales, curves);
  }

  /** Points a team of strength 1 scores in this program and season. */
  private unit(program: Program, season: Season): number {
    return SCORE_UNIT[program] * (this.scales[this.index(season)] ?? 1);
  }

  private index(season: Season): number {
    const index = this.seasonIndex.get(season.label);
    if (index === undefined) throw new Error(`no strengths drawn for season ${season.label}`);
    return index;
  }

  private curve(team: DemoTeam, season: Season): Curve {
    const curve = this.curves.get(team)?.[this.index(season)];
    if (curve === undefined) throw new Error(`no strengths drawn for team ${team.record.number}`);
    return curve;
  }

  /** Each attending team's strength at the event, in points of alliance score, as of its first day. */
  atEvent(event: DemoEvent, teams: readonly DemoTeam[]): Map<DemoTeam, number> {
    const { season } = event;
    // Events after the usual window (the current season runs on past April) keep the season's end.
    const progress = Math.min(
      1,
      Math.max(0, (event.startDay - season.firstDay) / (season.lastDay - season.firstDay)),
    );
    const unit = this.unit(event.program, season);
    return new Map(
      teams.map((team) => {
        const { start, end } = this.curve(team, season);
        return [team, (start + (end - start) * progress) * unit] as const;
      }),
    );
  }

  /** The team's mean strength over the season's window, in points of alliance score. */
  seasonMean(team: DemoTeam, season: Season): number {
    const { start, end } = this.curve(team, season);
    return ((start + end) / 2) * this.unit(team.program, season);
  }

  /** The standard deviation of the noise on one alliance's score at the event, in points. */
  noise(event: DemoEvent): number {
    return (
      NOISE_PER_TEAM *
      Math.sqrt(ALLIANCE_SIZE[event.program]) *
      this.unit(event.program, event.season)
    );
  }
}

export type DemoSize = 'demo' | 'large';

/** How much of everything a named size holds; matches follow from the events' team counts. */
export interface SizePlan {
  events: number;
  teams: number;
  /** Spread over the events that have played matches, about 15 each. */
  clips: number;
  /** Events running on the day of `now`. */
  liveEvents: number;
  /** Share of the current season's events still to come. */
  upcomingShare: number;
}

export const SIZE_PLANS: Readonly<Record<DemoSize, SizePlan>> = {
  demo: { events: 60, teams: 600, clips: 900, liveEvents: 3, upcomingShare: 0.25 },
  large: { events: 2000, teams: 10_000, clips: 30_000, liveEvents: 24, upcomingShare: 0.25 },
};

/** FIRST-style programs: big robots in alliances of three, small ones in alliances of two. */
export type Program = 'frc' | 'ftc';

export const ALLIANCE_SIZE: Readonly<Record<Program, number>> = { frc: 3, ftc: 2 };

/** Share of teams (and events) in the two-team-alliance program; their numbers have five digits. */
export const FTC_SHARE = 0.2;

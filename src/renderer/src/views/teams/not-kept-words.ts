/**
 * Offline, a team whose statistics the copy does not hold: what would have kept them. The Team
 * page and Compare say it alike, so "not kept offline" always comes with how to keep it.
 */
export const STATS_NOT_KEPT =
  'Not kept offline: star this team, or keep its event offline, to have its statistics next time.';

/** The same for one season of a team whose other seasons are held. */
export function seasonNotKept(season: string): string {
  return `${season} is not kept offline: star this team to have all its seasons next time.`;
}

import { ONCE_REACHABLE } from '../../components/sync-offer';

/**
 * Offline, what of a team the copy does not hold, and how to keep it next time: starring it, or
 * keeping its event offline. The Team page and Compare say it alike. A team starred since then is
 * kept from the next sync, so it is not told to star it again.
 */
export function notKeptWords({
  what,
  favorite,
  season,
}: {
  /** "statistics", "matches", …: the team's part not held. */
  what: string;
  favorite: boolean;
  /** The one season not held, when others are. */
  season?: string;
}): string {
  const part = season === undefined ? what : `${what} of ${season}`;
  if (favorite) {
    return `Not kept offline yet: starred, so its ${part} are kept from the next sync, ${ONCE_REACHABLE}.`;
  }
  if (season !== undefined) {
    return `${season} is not kept offline: star this team to have all its seasons next time.`;
  }
  return what === 'statistics'
    ? 'Not kept offline: star this team, or keep its event offline, to have its statistics next time.'
    : `Not kept offline: star this team to have its ${what} next time.`;
}

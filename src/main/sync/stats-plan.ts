import { resourceKeys } from '../../shared/ipc/resources';
import { breathe } from './pacing';
import { STATS_SEASON_IGNORED } from './plan';
import { pullTeamPart, pullTeamStats } from './pulls/team';
import type { OrderedRun } from './run-order';

/** What the earlier phases of a run found that the statistics depend on. */
export interface StatsTiers {
  favorites: readonly number[];
  pinned: readonly string[];
  /** Live events and those starting within a week (not pinned). */
  live: readonly string[];
  /** Events synced in full whose matches changed in this run. */
  playedAt: ReadonlySet<string>;
  /** Seasons whose matches changed in this run: every team's statistics of theirs may have moved. */
  changedSeasons: ReadonlySet<string>;
}

interface SeasonAsk {
  teamNumber: number;
  season: string;
}

interface TeamAtEvent extends SeasonAsk {
  eventId: string;
}

/** Planning looks at thousands of pairs at `all`: the event loop gets a turn every so many. */
const PLANNED_PER_BREATH = 2_000;

/**
 * Pulls the statistics of the scope: for each team, the service's default answer and the answer
 * for each season of the team's events the key can see. Every team of the cache at `all`; the
 * favorite teams and the teams of pinned events at `default`, and the teams of live events and
 * events starting within a week for those events' season.
 *
 * The default answers come first. Only they tell the season of a team's latest event when the key
 * cannot see that event (an unlisted one), and each one also answers its season, which is then
 * not asked again by season. A favorite or a team at a pinned event is asked every run, a team at
 * a live or coming event when the event's matches moved, anything else only when due: never
 * pulled, older than `maxAgeMs`, or of a season whose matches changed.
 *
 * A service without the `season` extension answers the default season whatever is asked. Once one
 * was seen doing that (remembered with the copy), only the default answers are asked; a forced
 * run asks by season again, and forgets that memory when the service now answers the seasons asked.
 */
export async function pullDueStats(run: OrderedRun, tiers: StatsTiers): Promise<void> {
  const { planner, scope, force, context, pull, phase, maxAgeMs } = run;
  const { favorites, pinned, live, playedAt, changedSeasons } = tiers;

  const favoriteTeams = new Set(favorites);
  const teamsAt = (eventIds: readonly string[]): TeamAtEvent[] =>
    eventIds.flatMap((eventId) => {
      const season = planner.seasonOf(eventId);
      if (season === undefined) return [];
      return planner.teamsAtEvent(eventId).map((teamNumber) => ({ teamNumber, season, eventId }));
    });
  const atPinned = teamsAt(pinned);
  const pinnedTeams = new Set(atPinned.map(({ teamNumber }) => teamNumber));
  // A team playing now or this week: its record of this event's season is what a scout opens
  // (no other seasons, and no list of its events: that is what pinning an event adds). Asked
  // again when its event's matches moved in this run, else only when due: a scheduled run of a
  // quiet service costs no request per team.
  const atLive = teamsAt(live);
  const seasonIgnored = { remembered: !force && planner.ignoresStatsSeason(), seen: false };

  // At `default` only the pinned and live events' registrations are held: which seasons a team at
  // a pinned event played in comes from its own list of events (a favorite's is pulled already).
  if (scope === 'default' && !seasonIgnored.remembered) {
    planner.refresh();
    const now = context.now();
    const unknown = [...pinnedTeams].filter(
      (teamNumber) =>
        !favoriteTeams.has(teamNumber) &&
        (force || planner.isDue(resourceKeys.teamPart(teamNumber, 'events'), now, maxAgeMs)),
    );
    await phase('events of teams at pinned events', unknown, (teamNumber) =>
      pull(() => pullTeamPart(context, teamNumber, 'events')),
    );
  }

  await breathe();
  planner.refresh();
  await breathe();
  const now = context.now();
  let planned = 0;
  const pace = async () => {
    if ((planned += 1) % PLANNED_PER_BREATH === 0) await breathe();
  };
  const heldSeasons = new Map<number, string[]>();
  for (const { teamNumber, season } of planner.heldStats()) {
    heldSeasons.set(teamNumber, [...(heldSeasons.get(teamNumber) ?? []), season]);
  }
  await breathe();

  // The default answer of a team is kept under its season, the newest one held for the team: it
  // is due when that copy is.
  const defaults = new Set<number>();
  const wantDefault = async (teamNumber: number, always: boolean) => {
    await pace();
    if (defaults.has(teamNumber)) return;
    const newest = heldSeasons.get(teamNumber)?.[0];
    const due =
      always ||
      force ||
      newest === undefined ||
      changedSeasons.has(newest) ||
      planner.isDue(resourceKeys.teamStats(teamNumber, newest), now, maxAgeMs);
    if (due) defaults.add(teamNumber);
  };
  for (const teamNumber of favorites) await wantDefault(teamNumber, true);
  for (const teamNumber of pinnedTeams) await wantDefault(teamNumber, true);
  for (const { teamNumber, eventId } of atLive) {
    await wantDefault(teamNumber, playedAt.has(eventId));
  }
  if (scope === 'all') {
    const teams = planner.allTeams();
    await breathe();
    for (const teamNumber of teams) await wantDefault(teamNumber, false);
  }
  const answered = new Map<number, string>();
  await phase('team statistics', [...defaults], (teamNumber) =>
    pull(async () => {
      const outcome = await pullTeamStats(context, teamNumber, undefined);
      if (outcome.season !== null) answered.set(teamNumber, outcome.season);
      return outcome;
    }),
  );
  if (seasonIgnored.remembered) return;

  const asks = new Map<string, SeasonAsk>();
  const want = async (teamNumber: number, season: string, always: boolean) => {
    await pace();
    const key = `${teamNumber} ${season}`;
    if (asks.has(key) || answered.get(teamNumber) === season) return;
    const due =
      always ||
      force ||
      changedSeasons.has(season) ||
      planner.isDue(resourceKeys.teamStats(teamNumber, season), now, maxAgeMs);
    if (due) asks.set(key, { teamNumber, season });
  };
  for (const teamNumber of favorites) {
    for (const season of planner.seasonsOf(teamNumber)) await want(teamNumber, season, true);
  }
  for (const { teamNumber, season } of atPinned) await want(teamNumber, season, true);
  for (const { teamNumber, season, eventId } of atLive) {
    await want(teamNumber, season, playedAt.has(eventId));
  }
  for (const teamNumber of pinnedTeams) {
    for (const season of planner.seasonsOf(teamNumber)) await want(teamNumber, season, false);
  }
  if (scope === 'all') {
    const pairs = planner.allTeamSeasons();
    await breathe();
    for (const { teamNumber, season } of pairs) await want(teamNumber, season, false);
  }
  // Seasons we hold that the registrations no longer explain (a team's last event of the season
  // went away) are asked again, so their now-empty statistics replace the stale ones.
  for (const [teamNumber, seasons] of heldSeasons) {
    for (const season of seasons) await want(teamNumber, season, false);
  }

  let honored = false;
  const ask = ({ teamNumber, season }: SeasonAsk) =>
    pull(async () => {
      const outcome = await pullTeamStats(context, teamNumber, season);
      if (outcome.season !== null && outcome.season !== season) seasonIgnored.seen = true;
      // Only an answer for another season than the default shows `season` was understood.
      const byDefault = answered.get(teamNumber);
      if (outcome.season === season && byDefault !== undefined && byDefault !== season) {
        honored = true;
      }
      return outcome;
    });
  // The first ask tells whether the service honors `season`; the others wait for it, so one that
  // ignores it is asked once in vain rather than once per request slot.
  const queue = [...asks.values()];
  const probe = queue[0];
  let probed = () => {};
  const probeDone = new Promise<void>((resolve) => {
    probed = resolve;
  });
  await phase('team statistics by season', queue, async (item) => {
    if (item === probe) {
      await ask(item).finally(probed);
      return;
    }
    await probeDone;
    if (!seasonIgnored.seen) await ask(item);
  });
  if (force && honored && !seasonIgnored.seen && planner.ignoresStatsSeason()) {
    await context.batch.note(() =>
      context.writer.syncState.setServiceFact(STATS_SEASON_IGNORED, null),
    );
  }
}

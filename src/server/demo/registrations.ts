import type { DemoEvent } from './events';
import type { Random } from './random';
import type { Program } from './sizes';
import type { DemoTeam } from './teams';

/** Teams of one program, grouped the ways registration draws from them: nearby first. */
interface TeamPools {
  byRegion: Map<string, DemoTeam[]>;
  byCountry: Map<string, DemoTeam[]>;
  all: DemoTeam[];
}

function groupInto(map: Map<string, DemoTeam[]>, key: string, team: DemoTeam): void {
  const group = map.get(key);
  if (group === undefined) map.set(key, [team]);
  else group.push(team);
}

function poolsOf(teams: readonly DemoTeam[], program: Program): TeamPools {
  const pools: TeamPools = { byRegion: new Map(), byCountry: new Map(), all: [] };
  for (const team of teams) {
    if (team.program !== program) continue;
    pools.all.push(team);
    groupInto(pools.byRegion, team.regionKey, team);
    groupInto(pools.byCountry, team.record.country, team);
  }
  return pools;
}

/**
 * Fills every event with teams: mostly from its own state or province, some from elsewhere in the
 * country, a few travellers. Of two candidates the one with fewer events that season goes, which
 * spreads a season's places so that most teams attend a few events rather than one or ten.
 */
export function registerTeams(
  random: Random,
  events: readonly DemoEvent[],
  teams: readonly DemoTeam[],
): Map<DemoEvent, DemoTeam[]> {
  const pools: Record<Program, TeamPools> = {
    frc: poolsOf(teams, 'frc'),
    ftc: poolsOf(teams, 'ftc'),
  };
  const eventsThisSeason = new Map<string, Map<number, number>>();
  const registered = new Map<DemoEvent, DemoTeam[]>();

  for (const event of events) {
    const lastRookieYear = event.season.firstYear + 1;
    let counts = eventsThisSeason.get(event.season.label);
    if (counts === undefined) {
      counts = new Map();
      eventsThisSeason.set(event.season.label, counts);
    }
    const seasonCounts = counts;
    const program = pools[event.program];
    const nearby = program.byRegion.get(event.regionKey) ?? [];
    const national = program.byCountry.get(event.place.country.code) ?? [];
    const chosen = new Set<number>();
    const attendees: DemoTeam[] = [];

    const eligible = (team: DemoTeam): boolean =>
      team.record.rookie <= lastRookieYear && !chosen.has(team.record.number);
    const candidateFrom = (pool: readonly DemoTeam[]): DemoTeam | null => {
      for (let attempt = 0; attempt < 12 && pool.length > 0; attempt++) {
        const team = random.pick(pool);
        if (eligible(team)) return team;
      }
      return null;
    };

    for (let slot = 0; slot < event.teamTarget; slot++) {
      const draw = random.next();
      const order =
        draw < (event.championship ? 0.9 : 0.72)
          ? [nearby, national, program.all]
          : draw < 0.94
            ? [national, program.all]
            : [program.all];
      let team: DemoTeam | null = null;
      for (const pool of order) {
        const first = candidateFrom(pool);
        if (first === null) continue;
        const second = candidateFrom(pool) ?? first;
        const firstCount = seasonCounts.get(first.record.number) ?? 0;
        const secondCount = seasonCounts.get(second.record.number) ?? 0;
        team = secondCount < firstCount ? second : first;
        break;
      }
      if (team === null) break;
      chosen.add(team.record.number);
      attendees.push(team);
      seasonCounts.set(team.record.number, (seasonCounts.get(team.record.number) ?? 0) + 1);
    }
    attendees.sort((a, b) => a.record.number - b.record.number);
    registered.set(event, attendees);
  }
  return registered;
}

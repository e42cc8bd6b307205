import { eventIdBase } from '../../shared/wire/event-rules';
import type { StreamStatus, Visibility } from '../../shared/wire/event';
import { formatTimestamp } from '../../shared/wire/formats';
import type { DatasetEvent } from '../store/dataset';
import { DAY_MS, HOUR_MS, MINUTE_MS, onOrAfter, onOrBefore, type Season } from './calendar';
import { venueName } from './names';
import type { Place } from './places';
import type { Random } from './random';
import { FTC_SHARE, type Program, type SizePlan } from './sizes';
import { regionKeyOf, type DemoTeam } from './teams';

export type Phase = 'past' | 'live' | 'upcoming';

/** An event plus what the generator needs to register teams and lay out its matches. */
export interface DemoEvent {
  record: DatasetEvent;
  program: Program;
  place: Place;
  regionKey: string;
  season: Season;
  phase: Phase;
  /** First day, in UTC days since the epoch, and how many days it runs. */
  startDay: number;
  days: number;
  /** How many teams it would like; small regions may not fill it. */
  teamTarget: number;
  championship: boolean;
}

const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;

/** Events keep local hours: doors at 08:00, done by 20:00 on the last day. */
export function localTime(
  event: Pick<DemoEvent, 'place' | 'startDay'>,
  day: number,
  hour: number,
): number {
  return (event.startDay + day) * DAY_MS + (hour - event.place.country.utcOffset) * HOUR_MS;
}

function firstDayOfWeek(days: number): number {
  if (days >= 3) return THURSDAY;
  return days === 2 ? FRIDAY : SATURDAY;
}

interface Window {
  first: number;
  last: number;
}

/**
 * Where in the calendar a season's events may start. Past seasons fill their whole window; the
 * current one is cut at `today` so that its events fall on the right side of it whatever the date.
 */
function pastWindow(season: Season, today: number, isCurrent: boolean): Window {
  if (!isCurrent) return { first: season.firstDay, last: season.lastDay };
  const last = Math.min(season.lastDay, today - 3);
  const first = season.firstDay <= today - 45 ? season.firstDay : today - 75;
  return { first, last };
}

function upcomingWindow(season: Season, today: number): Window {
  const first = today + 2;
  return { first, last: season.lastDay >= today + 30 ? season.lastDay : today + 60 };
}

function startDayFor(
  random: Random,
  phase: Phase,
  days: number,
  season: Season,
  today: number,
  isCurrent: boolean,
  soonest: boolean,
): number {
  const weekday = firstDayOfWeek(days);
  switch (phase) {
    case 'live':
      // Started yesterday and ends tomorrow, so it is live at every hour of `today`.
      return today - 1;
    case 'upcoming': {
      const window = upcomingWindow(season, today);
      const drawn = onOrAfter(random.int(window.first, window.last), weekday);
      // One event always starts within the week, as the one a person looks ahead to. The day
      // is still drawn, so that every later draw stays as it was.
      return soonest ? onOrAfter(today + 1, weekday) : drawn;
    }
    case 'past': {
      const window = pastWindow(season, today, isCurrent);
      return onOrBefore(random.int(window.first, window.last - (days - 1)), weekday);
    }
  }
}

function eventDays(random: Random, program: Program, phase: Phase): number {
  if (phase === 'live') return 3;
  if (program === 'frc') return random.chance(0.8) ? 3 : 2;
  return random.chance(0.75) ? 1 : 2;
}

/** A name in one of the styles real events use, not yet taken in the season. */
function eventName(
  random: Random,
  event: Pick<DemoEvent, 'place' | 'program' | 'season' | 'startDay'>,
  taken: ReadonlySet<string>,
): { name: string; championship: boolean } {
  const { place, program, season } = event;
  const regionTitle =
    place.stateName === '' || place.country.regionChampionship === ''
      ? place.country.name
      : place.stateName;
  const lateInSeason =
    (event.startDay - season.firstDay) / (season.lastDay - season.firstDay) > 0.65;
  const candidates: { name: string; championship: boolean }[] = [];
  if (lateInSeason && random.chance(0.4)) {
    if (program === 'ftc') {
      candidates.push({ name: `FTC ${regionTitle} Championship`, championship: true });
    } else if (place.country.regionChampionship !== '' && place.stateName !== '') {
      candidates.push({
        name: `${place.stateName} ${place.country.regionChampionship}`,
        championship: true,
      });
    }
    if (place.country.code !== 'US') {
      candidates.push({ name: `${place.country.name} Championship`, championship: true });
    }
  }
  const city = place.city;
  const usesDistricts = place.country.code === 'US' || place.country.code === 'CA';
  for (let attempt = 0; attempt < 4; attempt++) {
    const style = random.next();
    let name: string;
    if (program === 'ftc') {
      if (style < 0.5) name = `FTC ${city} Qualifier`;
      else if (style < 0.85) name = `FTC ${city} League Meet ${random.int(1, 4)}`;
      else name = `FTC ${city} Interleague`;
    } else if (style < 0.45) name = `${city} Regional`;
    else if (style < 0.8 && usesDistricts) name = `${city} District Event`;
    else if (style < 0.9) name = `${city} Open`;
    else name = `${city} Invitational`;
    candidates.push({ name, championship: false });
  }
  for (const candidate of candidates) {
    if (!taken.has(candidate.name)) return candidate;
  }
  const fallback = candidates[candidates.length - 1] ?? {
    name: `${city} Event`,
    championship: false,
  };
  for (let round = 2; ; round++) {
    const name = `${fallback.name} ${round}`;
    if (!taken.has(name)) return { name, championship: fallback.championship };
  }
}

function streamStatusFor(random: Random, phase: Phase): StreamStatus {
  switch (phase) {
    case 'past':
      return random.chance(0.65) ? 'ended' : 'none';
    case 'live':
      return 'live';
    case 'upcoming':
      return random.chance(0.5) ? 'scheduled' : 'none';
  }
}

function teamTarget(random: Random, program: Program, championship: boolean): number {
  if (program === 'frc') return championship ? random.int(36, 50) : random.int(24, 40);
  return championship ? random.int(28, 36) : random.int(18, 30);
}

function minuteOf(random: Random, fromMs: number, toMs: number): number {
  const minutes = Math.max(0, Math.floor((toMs - fromMs) / MINUTE_MS));
  return fromMs + random.int(0, minutes) * MINUTE_MS;
}

/**
 * Lays the events of every season out on the calendar around `today`: the current season holds the
 * live events and the upcoming ones, older seasons are all past. Ids are handed out afterwards in
 * the order the events were created, exactly as the service would have handed them out.
 */
export function generateEvents(
  random: Random,
  plan: SizePlan,
  seasons: readonly Season[],
  teams: readonly DemoTeam[],
  today: number,
): DemoEvent[] {
  const current = seasons[seasons.length - 1];
  const cutoffMs = today * DAY_MS;
  const events: DemoEvent[] = [];
  const perSeason = Math.floor(plan.events / seasons.length);
  for (const season of seasons) {
    const isCurrent = season === current;
    const count = isCurrent ? plan.events - perSeason * (seasons.length - 1) : perSeason;
    const upcoming = isCurrent ? Math.round(count * plan.upcomingShare) : 0;
    const live = isCurrent ? plan.liveEvents : 0;
    const lastRookieYear = season.firstYear + 1;
    const hosts = {
      frc: teams.filter((team) => team.program === 'frc' && team.record.rookie <= lastRookieYear),
      ftc: teams.filter((team) => team.program === 'ftc' && team.record.rookie <= lastRookieYear),
    };
    const taken = new Set<string>();
    for (let index = 0; index < count; index++) {
      const phase: Phase = index < live ? 'live' : index < live + upcoming ? 'upcoming' : 'past';
      const program: Program = random.chance(FTC_SHARE) ? 'ftc' : 'frc';
      // Events happen where teams are: host each one in the home city of a team that competes.
      const place = random.pick(hosts[program].length > 0 ? hosts[program] : teams).place;
      const days = eventDays(random, program, phase);
      const soonest = phase === 'upcoming' && index === live;
      const startDay = startDayFor(random, phase, days, season, today, isCurrent, soonest);
      const { name, championship } = eventName(random, { place, program, season, startDay }, taken);
      taken.add(name);
      const startMs = localTime({ place, startDay }, 0, 8);
      const endMs = localTime({ place, startDay }, days - 1, 20);
      // Organisers enter an event weeks ahead, and never after the moment the data describes.
      const createdMs = Math.min(
        startMs - random.int(20, 120) * DAY_MS - random.int(0, 1439) * MINUTE_MS,
        cutoffMs - random.int(1, 240) * HOUR_MS,
      );
      const updatedMs = random.chance(0.4)
        ? createdMs
        : minuteOf(random, createdMs, Math.min(startMs, cutoffMs) - HOUR_MS);
      const record: DatasetEvent = {
        // Issued below, once every event's creation time is known.
        id: '',
        name,
        season: season.label,
        startDate: formatTimestamp(new Date(startMs)),
        endDate: formatTimestamp(new Date(endMs)),
        location: {
          venue: venueName(random, place),
          city: place.city,
          state: place.state,
          country: place.country.code,
        },
        visibility: 'public',
        streamStatus: streamStatusFor(random, phase),
        createdAt: formatTimestamp(new Date(createdMs)),
        updatedAt: formatTimestamp(new Date(Math.max(createdMs, updatedMs))),
      };
      const event: DemoEvent = {
        record,
        program,
        place,
        regionKey: regionKeyOf(place),
        season,
        phase,
        startDay,
        days,
        teamTarget: teamTarget(random, program, championship),
        championship,
      };
      events.push(event);
    }
  }
  hideSome(random, events);
  assignIds(events);
  return events;
}

/** A fixed few unlisted and private events, never a live one, so every demo shows all three. */
function hideSome(random: Random, events: DemoEvent[]): void {
  const candidates = events.filter((event) => event.phase !== 'live');
  const unlisted = Math.max(1, Math.round(events.length * 0.05));
  const hidden = Math.max(1, Math.round(events.length * 0.03));
  const chosen = random.sample(candidates, unlisted + hidden);
  chosen.forEach((event, index) => {
    const visibility: Visibility = index < unlisted ? 'unlisted' : 'private';
    event.record.visibility = visibility;
  });
}

/**
 * The service's rule: `eventIdBase`, then `2`, `3`, … on a clash, in order of creation. Events
 * created in the same second are moved a second apart first, so that the order, and with it who
 * got the plain id, can be read back from the data.
 */
function assignIds(events: DemoEvent[]): void {
  const order = events
    .map((event, index) => ({ event, index, createdMs: Date.parse(event.record.createdAt) }))
    .sort((a, b) => a.createdMs - b.createdMs || a.index - b.index);
  const issued = new Set<string>();
  let previousMs = Number.NEGATIVE_INFINITY;
  for (const { event, createdMs } of order) {
    const distinctMs = Math.max(createdMs, previousMs + 1000);
    previousMs = distinctMs;
    if (distinctMs !== createdMs) {
      event.record.createdAt = formatTimestamp(new Date(distinctMs));
      if (event.record.updatedAt < event.record.createdAt) {
        event.record.updatedAt = event.record.createdAt;
      }
    }
    const base = eventIdBase(event.record.name, event.record.season);
    let id = base;
    for (let suffix = 2; issued.has(id); suffix++) id = `${base}${suffix}`;
    issued.add(id);
    event.record.id = id;
  }
}

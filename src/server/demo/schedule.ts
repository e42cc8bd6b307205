import { formatTimestamp } from '../../shared/wire/formats';
import { matchId, winnerOf, type MatchType } from '../../shared/wire/match';
import type { DatasetMatch } from '../store/dataset';
import { DAY_MS, MINUTE_MS } from './calendar';
import { localTime, type DemoEvent } from './events';
import type { Random } from './random';
import { ALLIANCE_SIZE } from './sizes';
import type { DemoTeam } from './teams';

/** A match as the event would run it in full; `knownMs` is when its line-up was published. */
interface MatchDraft {
  type: MatchType;
  number: number;
  scheduledMs: number;
  playedMs: number;
  knownMs: number;
  red: DemoTeam[];
  blue: DemoTeam[];
  redScore: number;
  blueScore: number;
}

/** Minutes between match starts: big-robot matches need longer to reset the field. */
const QUALIFICATION_CYCLE = { frc: 8, ftc: 7 } as const;
const PLAYOFF_CYCLE = { frc: 12, ftc: 10 } as const;

export interface ScheduleContext {
  /** Line-ups and times. */
  random: Random;
  /** Data describes the world at this instant: later matches are scheduled, not played. */
  cutoffMs: number;
  /**
   * The instant itself (`cutoffMs` is the midnight before it): a live event is played up to
   * here, so that the demo is under way at whatever hour it starts.
   */
  nowMs: number;
  scoring: {
    random: Random;
    /** Each attending team's hidden strength at this event, in points of alliance score. */
    strengths: ReadonlyMap<DemoTeam, number>;
    /** The standard deviation of an alliance's score around its teams' strengths, in points. */
    noise: number;
  };
}

/** The alliance's teams' strengths plus the luck of the match. */
function allianceScore(context: ScheduleContext, alliance: readonly DemoTeam[]): number {
  const { random, strengths, noise } = context.scoring;
  let score = random.gaussian(0, noise);
  for (const team of alliance) {
    const strength = strengths.get(team);
    // Line-ups come from the same attendees: a miss is a bug here, not a team of strength 0.
    if (strength === undefined) throw new Error(`no strength for team ${team.record.number}`);
    score += strength;
  }
  return Math.max(0, Math.round(score));
}

/** Walks an event's schedule, with a delay that builds up and is caught up at breaks and overnight. */
class Clock {
  private day: number;
  private delayMinutes = 0;
  private nextMs: number;

  constructor(
    private readonly event: DemoEvent,
    private readonly random: Random,
    firstDay: number,
    firstHour: number,
  ) {
    this.day = firstDay;
    this.nextMs = localTime(event, firstDay, firstHour);
  }

  /**
   * The next slot, `cycle` minutes long, moving to the next morning when the day is over; on the
   * last day there is no next morning, so the evening runs long instead.
   */
  slot(cycleMinutes: number): { scheduledMs: number; playedMs: number } {
    const dayOver = this.nextMs + cycleMinutes * MINUTE_MS > localTime(this.event, this.day, 18);
    if (dayOver && this.day < this.event.days - 1) {
      this.day += 1;
      this.delayMinutes = 0;
      this.nextMs = localTime(this.event, this.day, 9);
    }
    const scheduledMs = this.nextMs;
    this.nextMs += cycleMinutes * MINUTE_MS;
    this.delayMinutes = Math.min(20, Math.max(0, this.delayMinutes + this.random.int(-2, 3)));
    return { scheduledMs, playedMs: scheduledMs + this.delayMinutes * MINUTE_MS };
  }

  get currentDay(): number {
    return this.day;
  }

  get nowMs(): number {
    return this.nextMs;
  }

  /** Jumps ahead: to a later start on a later day, or by a break on the same one. */
  resumeAt(ms: number, day: number): void {
    this.nextMs = ms;
    this.day = day;
    this.delayMinutes = 0;
  }
}

/**
 * Qualification line-ups: teams come round in shuffled order, each playing about the same number of
 * matches, never twice in one match.
 */
function qualificationLineUps(
  random: Random,
  teams: readonly DemoTeam[],
  matchCount: number,
  allianceSize: number,
): DemoTeam[][] {
  const perMatch = allianceSize * 2;
  const queue: DemoTeam[] = [];
  const lineUps: DemoTeam[][] = [];
  while (lineUps.length < matchCount) {
    while (queue.length < perMatch * 2) queue.push(...random.shuffled(teams));
    const lineUp: DemoTeam[] = [];
    for (let index = 0; index < queue.length && lineUp.length < perMatch;) {
      const team = queue[index] as DemoTeam;
      if (lineUp.includes(team)) {
        index += 1;
      } else {
        lineUp.push(team);
        queue.splice(index, 1);
      }
    }
    lineUps.push(lineUp);
  }
  return lineUps;
}

interface Standing {
  team: DemoTeam;
  rankingPoints: number;
  totalScore: number;
  played: number;
}

/** The qualification ranking: ranking points (2 a win, 1 a tie), then average score. */
function rank(teams: readonly DemoTeam[], qualifications: readonly MatchDraft[]): DemoTeam[] {
  const standings = new Map<DemoTeam, Standing>(
    teams.map((team) => [team, { team, rankingPoints: 0, totalScore: 0, played: 0 }]),
  );
  for (const match of qualifications) {
    const winner = winnerOf(match.redScore, match.blueScore);
    for (const [alliance, score, side] of [
      [match.red, match.redScore, 'red'],
      [match.blue, match.blueScore, 'blue'],
    ] as const) {
      for (const team of alliance) {
        const standing = standings.get(team);
        if (standing === undefined) continue;
        standing.played += 1;
        standing.totalScore += score;
        standing.rankingPoints += winner === side ? 2 : winner === 'tie' ? 1 : 0;
      }
    }
  }
  const average = (standing: Standing): number =>
    standing.played === 0 ? 0 : standing.totalScore / standing.played;
  return [...standings.values()]
    .sort(
      (a, b) =>
        b.rankingPoints - a.rankingPoints ||
        average(b) - average(a) ||
        a.team.record.number - b.team.record.number,
    )
    .map((standing) => standing.team);
}

/** Four alliances picked serpentine from the top of the ranking: 1st with 8th and 9th, and so on. */
function playoffAlliances(ranking: readonly DemoTeam[], allianceSize: number): DemoTeam[][] {
  const alliances: DemoTeam[][] = [[], [], [], []];
  for (let round = 0; round < allianceSize; round++) {
    for (let seat = 0; seat < 4; seat++) {
      const alliance = round % 2 === 0 ? seat : 3 - seat;
      const team = ranking[round * 4 + seat];
      if (team !== undefined) alliances[alliance]?.push(team);
    }
  }
  return alliances;
}

interface Series {
  red: DemoTeam[];
  blue: DemoTeam[];
  redWins: number;
  blueWins: number;
  games: MatchDraft[];
}

/**
 * Plays the semifinals (1 v 4, 2 v 3) and the final, each first to two wins. A third game exists
 * only when the first two were split, and only becomes known when the second was played.
 */
function playoffs(
  context: ScheduleContext,
  event: DemoEvent,
  alliances: DemoTeam[][],
  clock: Clock,
  publishedMs: number,
): MatchDraft[] {
  const cycle = PLAYOFF_CYCLE[event.program];
  const drafts: MatchDraft[] = [];
  const play = (series: Series, type: MatchType, knownMs: number): MatchDraft => {
    const { scheduledMs, playedMs } = clock.slot(cycle);
    let redScore = allianceScore(context, series.red);
    let blueScore = allianceScore(context, series.blue);
    // Playoffs need a winner: a tied game is replayed, which shows as its final score.
    for (let replay = 0; replay < 5 && redScore === blueScore; replay++) {
      redScore = allianceScore(context, series.red);
      blueScore = allianceScore(context, series.blue);
    }
    if (redScore === blueScore) redScore += 1;
    const number = drafts.filter((draft) => draft.type === type).length + 1;
    const draft: MatchDraft = {
      type,
      number,
      scheduledMs,
      playedMs,
      knownMs,
      red: series.red,
      blue: series.blue,
      redScore,
      blueScore,
    };
    if (redScore > blueScore) series.redWins += 1;
    else series.blueWins += 1;
    series.games.push(draft);
    drafts.push(draft);
    return draft;
  };
  const [first, second, third, fourth] = alliances as [
    DemoTeam[],
    DemoTeam[],
    DemoTeam[],
    DemoTeam[],
  ];
  const semifinals: Series[] = [
    { red: first, blue: fourth, redWins: 0, blueWins: 0, games: [] },
    { red: second, blue: third, redWins: 0, blueWins: 0, games: [] },
  ];
  for (let game = 0; game < 2; game++) {
    for (const series of semifinals) play(series, 'semifinal', publishedMs);
  }
  for (const series of semifinals) {
    if (series.redWins === 1) play(series, 'semifinal', series.games[1]?.playedMs ?? publishedMs);
  }
  const winnerOfSeries = (series: Series): DemoTeam[] =>
    series.redWins === 2 ? series.red : series.blue;
  const semifinalsOverMs = Math.max(
    ...semifinals.flatMap((series) => series.games.map((game) => game.playedMs)),
  );
  clock.resumeAt(clock.nowMs + 15 * MINUTE_MS, clock.currentDay);
  const final: Series = {
    red: winnerOfSeries(semifinals[0] as Series),
    blue: winnerOfSeries(semifinals[1] as Series),
    redWins: 0,
    blueWins: 0,
    games: [],
  };
  play(final, 'final', semifinalsOverMs);
  play(final, 'final', semifinalsOverMs);
  if (final.redWins === 1) play(final, 'final', final.games[1]?.playedMs ?? semifinalsOverMs);
  return drafts;
}

/** The whole event as it would be run, played out to the end whatever `now` is. */
function runEvent(
  context: ScheduleContext,
  event: DemoEvent,
  teams: readonly DemoTeam[],
): MatchDraft[] {
  const { random } = context;
  const allianceSize = ALLIANCE_SIZE[event.program];
  if (teams.length < allianceSize * 2 + 2) return [];
  const matchesPerTeam = event.program === 'frc' ? random.int(8, 11) : random.int(5, 6);
  const qualificationCount = Math.ceil((teams.length * matchesPerTeam) / (allianceSize * 2));
  // Multi-day events spend their first morning on inspection and practice.
  const clock = new Clock(event, random, 0, event.days >= 3 ? 13 : 10);
  const publishedMs = event.startDay * DAY_MS - 7 * DAY_MS;
  const qualifications = qualificationLineUps(random, teams, qualificationCount, allianceSize).map(
    (lineUp, index): MatchDraft => {
      const { scheduledMs, playedMs } = clock.slot(QUALIFICATION_CYCLE[event.program]);
      const red = lineUp.slice(0, allianceSize);
      const blue = lineUp.slice(allianceSize);
      return {
        type: 'qualification',
        number: index + 1,
        scheduledMs,
        playedMs,
        knownMs: publishedMs,
        red,
        blue,
        redScore: allianceScore(context, red),
        blueScore: allianceScore(context, blue),
      };
    },
  );
  if (teams.length < allianceSize * 4) return qualifications;

  const lastDay = event.days - 1;
  if (clock.currentDay < lastDay) clock.resumeAt(localTime(event, lastDay, 11), lastDay);
  else clock.resumeAt(clock.nowMs + 45 * MINUTE_MS, clock.currentDay);
  const qualificationsOverMs = Math.max(...qualifications.map((match) => match.playedMs));
  const alliances = playoffAlliances(rank(teams, qualifications), allianceSize);
  return [...qualifications, ...playoffs(context, event, alliances, clock, qualificationsOverMs)];
}

function toRecord(event: DemoEvent, draft: MatchDraft, played: boolean): DatasetMatch {
  const redScore = played ? draft.redScore : null;
  const blueScore = played ? draft.blueScore : null;
  return {
    id: matchId(event.record.id, draft.type, draft.number),
    eventId: event.record.id,
    type: draft.type,
    number: draft.number,
    status: played ? 'played' : 'scheduled',
    scheduledAt: formatTimestamp(new Date(draft.scheduledMs)),
    playedAt: played ? formatTimestamp(new Date(draft.playedMs)) : null,
    red: { teams: draft.red.map((team) => team.record.number), score: redScore },
    blue: { teams: draft.blue.map((team) => team.record.number), score: blueScore },
    winner: winnerOf(redScore, blueScore),
  };
}

export interface EventMatch {
  record: DatasetMatch;
  /** When it was played, for clips of it; `null` while only scheduled. */
  playedMs: number | null;
}

/** A live event's longest pause between two matches: lunch, not a night. */
const LIVE_PAUSE_MAX_MS = 45 * MINUTE_MS;

/**
 * A live event's matches timed so that `nowMs` falls part-way through its qualifications: as far
 * through them as `nowMs` is through the event's dates, the match in hand begun half a cycle ago,
 * the rest following at the event's own pace (its pauses kept, its nights left out). Line-ups,
 * scores and delays stay as drawn. It runs at whatever hour the data is made, which the demo
 * needs more than a real event's evening break: a person who opens it at 21:00 finds matches
 * played minutes ago and the next ones minutes away.
 */
function timedAround(event: DemoEvent, drafts: MatchDraft[], nowMs: number): MatchDraft[] {
  const qualifications = drafts.filter((draft) => draft.type === 'qualification').length;
  if (qualifications === 0) return drafts;
  const startMs = Date.parse(event.record.startDate);
  const endMs = Date.parse(event.record.endDate);
  const through = Math.min(0.9, Math.max(0.1, (nowMs - startMs) / (endMs - startMs)));
  const anchor = Math.min(qualifications - 1, Math.round(qualifications * through));
  const cycleMs = QUALIFICATION_CYCLE[event.program] * MINUTE_MS;
  const scheduled: number[] = [];
  drafts.forEach((draft, index) => {
    const previous = drafts[index - 1];
    const gap =
      previous === undefined
        ? 0
        : Math.min(LIVE_PAUSE_MAX_MS, draft.scheduledMs - previous.scheduledMs);
    scheduled.push((scheduled[index - 1] ?? 0) + gap);
  });
  const shift = nowMs - cycleMs / 2 - (scheduled[anchor] ?? 0);
  // Whole minutes, as a schedule is printed.
  const at = (index: number): number =>
    Math.floor(((scheduled[index] ?? 0) + shift) / MINUTE_MS) * MINUTE_MS;
  const retimed = new Map<number, number>();
  const timed = drafts.map((draft, index) => {
    const scheduledMs = at(index);
    const playedMs = scheduledMs + (draft.playedMs - draft.scheduledMs);
    retimed.set(draft.playedMs, playedMs);
    return { ...draft, scheduledMs, playedMs };
  });
  // A playoff line-up is known once the match it waits for is played: that match's new time.
  return timed.map((draft) => ({ ...draft, knownMs: retimed.get(draft.knownMs) ?? draft.knownMs }));
}

/**
 * The matches of one event as they stand at the cutoff: those whose line-up was published by then,
 * played when they were played before it. Playoffs therefore appear only once qualification is over.
 * A live event stands as it is at `nowMs` instead (see `timedAround`).
 */
export function scheduleMatches(
  context: ScheduleContext,
  event: DemoEvent,
  teams: readonly DemoTeam[],
): EventMatch[] {
  const drafts = runEvent(context, event, teams);
  const live = event.phase === 'live';
  const cutoffMs = live ? context.nowMs : context.cutoffMs;
  return (live ? timedAround(event, drafts, context.nowMs) : drafts)
    .filter((draft) => draft.knownMs < cutoffMs)
    .map((draft) => {
      const played = draft.playedMs < cutoffMs;
      return { record: toRecord(event, draft, played), playedMs: played ? draft.playedMs : null };
    });
}

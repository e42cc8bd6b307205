import type { Statement } from 'better-sqlite3';
import type { SearchResult } from '../../../shared/ipc/reads';
import { TEAM_NUMBER_MAX } from '../../../shared/wire/formats';
import type { AppDatabase } from '../../storage/database';
import {
  EVENT_COLUMNS,
  TEAM_COLUMNS,
  toEventListItem,
  toTeamListItem,
  type EventRow,
  type TeamRow,
} from './rows';

/*
 * Quick-open: one box that finds a team or an event in a keystroke. Unlike the lists' `search`
 * (which mirrors the service), this ranks: for a team, its exact number, then numbers that start
 * with the digits, then matches in the name, the school and the city; for an event, the name, the
 * code and the city. Each tier is its own LIMITed query, so a common word stops reading as soon
 * as the tiers above it have filled the answer.
 *
 * From three characters on the trigram indexes answer (substrings, any case, accents ignored);
 * shorter text has no trigram, so it falls back to scanning the tables, which stops early for the
 * common one- and two-letter inputs.
 */

const TEAM_TIERS = ['name', 'school', 'city'] as const;
const EVENT_TIERS = ['name', 'code', 'city'] as const;
type EventTier = (typeof EVENT_TIERS)[number];

/** The column each tier's fallback scan reads (the index calls the event id `code`). */
const EVENT_COLUMN: Readonly<Record<EventTier, string>> = {
  name: 'name',
  code: 'id',
  city: 'city',
};

/** Text as one FTS5 phrase: quoted, with its own quotes doubled, so nothing in it is syntax. */
export function ftsPhrase(column: string, text: string): string {
  return `${column} : "${text.replaceAll('"', '""')}"`;
}

/** Every number range whose members start with `digits`, shortest first: 25, 250–259, 2500–2599… */
export function numberPrefixRanges(digits: string): [number, number][] {
  if (!/^[1-9]\d*$/.test(digits)) return [];
  const ranges: [number, number][] = [];
  for (let scale = 10; Number(digits) * scale <= TEAM_NUMBER_MAX; scale *= 10) {
    const low = Number(digits) * scale;
    ranges.push([low, Math.min(low + scale - 1, TEAM_NUMBER_MAX)]);
  }
  return ranges;
}

/**
 * The answer, tier after tier, without repeats. Each tier is asked for `limit` rows: at most
 * `limit - rows` are new, and the rest of what it returns may be rows an earlier tier had.
 */
class Collector<Row, Key> {
  readonly rows: Row[] = [];
  private readonly seen = new Set<Key>();

  constructor(
    readonly limit: number,
    private readonly keyOf: (row: Row) => Key,
  ) {}

  get full(): boolean {
    return this.rows.length >= this.limit;
  }

  add(rows: readonly Row[]): void {
    for (const row of rows) {
      if (this.full) return;
      const key = this.keyOf(row);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.rows.push(row);
    }
  }
}

export class QuickSearch {
  private readonly teamByNumber: Statement<[number], TeamRow>;
  private readonly teamsInRange: Statement<[number, number, number], TeamRow>;
  private readonly teamsMatching: Statement<[string, number], TeamRow>;
  private readonly teamsScanning: Map<string, Statement<[string, number], TeamRow>>;
  private readonly eventsMatching: Statement<[string, number], EventRow>;
  private readonly eventsScanning: Map<string, Statement<[string, number], EventRow>>;

  constructor(db: AppDatabase) {
    this.teamByNumber = db.prepare(
      `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.number = ? AND t.listed = 1`,
    );
    this.teamsInRange = db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams t
      WHERE t.number BETWEEN ? AND ? AND t.listed = 1 ORDER BY t.number LIMIT ?`);
    this.teamsMatching = db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams_search
      JOIN teams t ON t.number = teams_search.rowid
      WHERE teams_search MATCH ? AND t.listed = 1 ORDER BY teams_search.rowid LIMIT ?`);
    this.teamsScanning = new Map(
      TEAM_TIERS.map((column) => [
        column,
        db.prepare<[string, number], TeamRow>(`SELECT ${TEAM_COLUMNS} FROM teams t
          WHERE t.listed = 1 AND instr(lower(t.${column}), lower(?)) > 0 ORDER BY t.number LIMIT ?`),
      ]),
    );
    // Events newest first within a tier: the season at hand matters more than old ones.
    this.eventsMatching = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events_search
      JOIN events e ON e.rowid = events_search.rowid
      WHERE events_search MATCH ? AND e.listed = 1 ORDER BY e.start_date DESC, e.id LIMIT ?`);
    this.eventsScanning = new Map(
      EVENT_TIERS.map((tier) => [
        tier,
        db.prepare<[string, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events e
          WHERE e.listed = 1 AND instr(lower(e.${EVENT_COLUMN[tier]}), lower(?)) > 0
          ORDER BY e.start_date DESC, e.id LIMIT ?`),
      ]),
    );
  }

  /** `now` is the local clock formatted like the stored timestamps, for each event's status. */
  search(text: string, limit: number, now: string): SearchResult {
    const query = text.trim();
    if (query === '') return { events: [], teams: [] };
    const indexed = [...query].length >= 3;
    return {
      events: this.events(query, indexed, limit).map((row) => toEventListItem(row, now)),
      teams: this.teams(query, indexed, limit).map(toTeamListItem),
    };
  }

  private teams(query: string, indexed: boolean, limit: number): TeamRow[] {
    const found = new Collector<TeamRow, number>(limit, (row) => row.number);
    if (/^\d+$/.test(query)) {
      const exact = this.teamByNumber.get(Number(query));
      // "0254" is not how team 254 is written: only the number's own digits match it.
      if (exact !== undefined && String(exact.number) === query) found.add([exact]);
      for (const [low, high] of numberPrefixRanges(query)) {
        if (found.full) break;
        found.add(this.teamsInRange.all(low, high, found.limit));
      }
    }
    for (const column of TEAM_TIERS) {
      if (found.full) break;
      found.add(
        indexed
          ? this.teamsMatching.all(ftsPhrase(column, query), found.limit)
          : (this.teamsScanning.get(column)?.all(query, found.limit) ?? []),
      );
    }
    return found.rows;
  }

  private events(query: string, indexed: boolean, limit: number): EventRow[] {
    const found = new Collector<EventRow, string>(limit, (row) => row.id);
    for (const tier of EVENT_TIERS) {
      if (found.full) break;
      found.add(
        indexed
          ? this.eventsMatching.all(ftsPhrase(tier, query), found.limit)
          : (this.eventsScanning.get(tier)?.all(query, found.limit) ?? []),
      );
    }
    return found.rows;
  }
}

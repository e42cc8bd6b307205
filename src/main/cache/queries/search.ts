import type { Statement } from 'better-sqlite3';
import type { SearchResult } from '../../../shared/ipc/reads';
import type { AppDatabase } from '../../storage/database';
import {
  EVENT_COLUMNS,
  TEAM_COLUMNS,
  toEventListItem,
  toTeamListItem,
  type EventRow,
  type TeamRow,
} from './rows';
import { ShortTextScan } from './short-text';
import { ftsPhrase, numberPrefixRanges } from './text-match';

/*
 * Quick-open: one box that finds a team or an event in a keystroke. Unlike the lists' `search`
 * (which mirrors the service), this ranks: for a team, its exact number, then numbers that start
 * with the digits, then matches in the name, the school and the city; for an event, the name, the
 * code and the city. Each tier is its own LIMITed lookup, so a common word stops reading as soon
 * as the tiers above it have filled the answer.
 *
 * From three characters on the trigram indexes answer (substrings, any case, accents ignored);
 * shorter text has no trigram and is looked for in the folded texts `ShortTextScan` holds.
 */

const TEAM_TIERS = ['name', 'school', 'city'] as const;
const EVENT_TIERS = ['name', 'code', 'city'] as const;

/**
 * The answer's keys, tier after tier, without repeats. Each tier is asked for `limit` keys: at
 * most `limit - found` are new, and the rest of what it returns may be keys an earlier tier had.
 */
class Collector<Key> {
  readonly keys: Key[] = [];
  readonly seen = new Set<Key>();

  constructor(readonly limit: number) {}

  get full(): boolean {
    return this.keys.length >= this.limit;
  }

  add(keys: readonly Key[]): void {
    for (const key of keys) {
      if (this.full) return;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.keys.push(key);
    }
  }
}

export class QuickSearch {
  private readonly teamByNumber: Statement<[number], TeamRow>;
  private readonly eventById: Statement<[string], EventRow>;
  private readonly teamsInRange: Statement<[number, number, number], number>;
  private readonly teamsMatching: Statement<[string, number], number>;
  private readonly eventsMatching: Statement<[string, number], string>;
  private readonly teamsByNote: Statement<[string, number], number>;
  private readonly shortText: ShortTextScan;

  constructor(db: AppDatabase) {
    this.teamByNumber = db.prepare(
      `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.number = ? AND t.listed = 1`,
    );
    this.eventById = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.id = ? AND e.listed = 1`,
    );
    this.teamsInRange = db
      .prepare<[number, number, number], number>(
        `SELECT t.number FROM teams t
        WHERE t.number BETWEEN ? AND ? AND t.listed = 1 ORDER BY t.number LIMIT ?`,
      )
      .pluck();
    this.teamsMatching = db
      .prepare<[string, number], number>(
        `SELECT t.number FROM teams_search
        JOIN teams t ON t.number = teams_search.rowid
        WHERE teams_search MATCH ? AND t.listed = 1 ORDER BY teams_search.rowid LIMIT ?`,
      )
      .pluck();
    // Events newest first within a tier: the season at hand matters more than old ones.
    this.eventsMatching = db
      .prepare<[string, number], string>(
        `SELECT e.id FROM events_search
        JOIN events e ON e.rowid = events_search.rowid
        WHERE events_search MATCH ? AND e.listed = 1 ORDER BY e.start_date DESC, e.id LIMIT ?`,
      )
      .pluck();
    // The person's notes are few and short: a scan, after every indexed tier.
    this.teamsByNote = db
      .prepare<[string, number], number>(
        `SELECT n.team_number FROM team_notes n
        JOIN teams t ON t.number = n.team_number AND t.listed = 1
        WHERE instr(lower(n.note), lower(?)) > 0 ORDER BY n.team_number LIMIT ?`,
      )
      .pluck();
    this.shortText = new ShortTextScan(db);
  }

  /** `now` is the local clock formatted like the stored timestamps, for each event's status. */
  search(text: string, limit: number, now: string): Omit<SearchResult, 'builtFrom'> {
    const query = text.trim();
    if (query === '') return { events: [], teams: [] };
    const indexed = [...query].length >= 3;
    const teams = this.teams(query, indexed, limit).flatMap((number) => {
      const row = this.teamByNumber.get(number);
      return row === undefined ? [] : [toTeamListItem(row)];
    });
    const events = this.events(query, indexed, limit).flatMap((id) => {
      const row = this.eventById.get(id);
      return row === undefined ? [] : [toEventListItem(row, now)];
    });
    return { events, teams };
  }

  private teams(query: string, indexed: boolean, limit: number): number[] {
    const found = new Collector<number>(limit);
    if (/^\d+$/.test(query)) {
      // "0254" is not how team 254 is written: only the number's own digits match it.
      if (String(Number(query)) === query)
        found.add(this.teamsInRange.all(Number(query), Number(query), 1));
      for (const [low, high] of numberPrefixRanges(query)) {
        if (found.full) break;
        found.add(this.teamsInRange.all(low, high, found.limit));
      }
    }
    if (!indexed) {
      if (!found.full) found.add(this.shortText.teams(query, found.limit, found.seen));
      return found.keys;
    }
    for (const column of TEAM_TIERS) {
      if (found.full) break;
      found.add(this.teamsMatching.all(ftsPhrase(column, query), found.limit));
    }
    if (!found.full) found.add(this.teamsByNote.all(query, found.limit));
    return found.keys;
  }

  private events(query: string, indexed: boolean, limit: number): string[] {
    if (!indexed) return this.shortText.events(query, limit);
    const found = new Collector<string>(limit);
    for (const tier of EVENT_TIERS) {
      if (found.full) break;
      found.add(this.eventsMatching.all(ftsPhrase(tier, query), found.limit));
    }
    return found.keys;
  }
}

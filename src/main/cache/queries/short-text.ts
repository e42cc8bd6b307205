import type { Statement } from 'better-sqlite3';
import type { AppDatabase } from '../../storage/database';
import { PerCommit } from './per-commit';

interface TeamTexts {
  number: number;
  name: string;
  school: string;
  city: string;
}

interface EventTexts {
  id: string;
  name: string;
  city: string;
}

interface FoldedTexts {
  teams: TeamTexts[];
  events: EventTexts[];
}

const NON_ASCII = /\P{ASCII}/u;
const COMBINING_MARKS = /\p{Mn}/gu;

/** Case- and accent-insensitive, like the trigram indexes: "Zü" and "zu" fold alike. */
export function foldText(text: string): string {
  const plain = NON_ASCII.test(text) ? text.normalize('NFD').replace(COMBINING_MARKS, '') : text;
  return plain.toLowerCase();
}

/**
 * Quick-open text of one or two characters has no trigram to look up, and scanning the tables in
 * SQL for a pair that occurs nowhere ("zq") reads every row several times over. Instead the folded
 * texts of listed teams and events are held in memory, in answer order, until the writer commits
 * again; a scan of them takes a fraction of a millisecond at 10,000 teams.
 */
export class ShortTextScan {
  private readonly selectTeams: Statement<[], TeamTexts>;
  private readonly selectEvents: Statement<[], EventTexts>;
  private readonly held: PerCommit<'texts', FoldedTexts>;

  constructor(db: AppDatabase) {
    this.selectTeams = db.prepare(`SELECT number, name, school, city FROM teams
      WHERE listed = 1 ORDER BY number`);
    // Newest first, the order the indexed search gives events within a tier.
    this.selectEvents = db.prepare(`SELECT id, name, city FROM events
      WHERE listed = 1 ORDER BY start_date DESC, id`);
    this.held = new PerCommit(db, 1);
  }

  /** Team numbers whose name, then school, then city contains `text`, in that order of tiers. */
  teams(text: string, limit: number, skip: ReadonlySet<number>): number[] {
    const { teams } = this.texts();
    return tiers(
      foldText(text),
      limit,
      teams,
      ['name', 'school', 'city'],
      (team) => team.number,
      skip,
    );
  }

  /** Event ids whose name, then code, then city contains `text`. */
  events(text: string, limit: number): string[] {
    const { events } = this.texts();
    return tiers(
      foldText(text),
      limit,
      events,
      ['name', 'id', 'city'],
      (event) => event.id,
      new Set(),
    );
  }

  private texts(): FoldedTexts {
    return this.held.get('texts', () => ({
      teams: this.selectTeams.all().map((team) => ({
        number: team.number,
        name: foldText(team.name),
        school: foldText(team.school),
        city: foldText(team.city),
      })),
      events: this.selectEvents.all().map((event) => ({
        id: event.id,
        name: foldText(event.name),
        city: foldText(event.city),
      })),
    }));
  }
}

function tiers<Texts, Key>(
  folded: string,
  limit: number,
  rows: readonly Texts[],
  columns: readonly (keyof Texts)[],
  keyOf: (row: Texts) => Key,
  skip: ReadonlySet<Key>,
): Key[] {
  const found: Key[] = [];
  const seen = new Set(skip);
  for (const column of columns) {
    for (const row of rows) {
      if (found.length >= limit) return found;
      const key = keyOf(row);
      const text = row[column];
      if (typeof text !== 'string' || !text.includes(folded) || seen.has(key)) continue;
      seen.add(key);
      found.push(key);
    }
  }
  return found;
}

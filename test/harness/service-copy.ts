import { z } from 'zod';
import { canonical, recordsText, type Copy } from './copy';

/*
 * Reads what the service says, over plain HTTP and without the app's API client, so a bug the
 * client and the cache share cannot hide itself. Records are kept as the raw JSON the service
 * sent (every field it sends, not only those a schema knows), minus an event's `status`, which the
 * cache derives from the clock instead of storing.
 */

type WireRecord = Record<string, unknown>;

const listSchema = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  meta: z.object({ total: z.number().int(), perPage: z.number().int() }),
});
const singleSchema = z.object({ data: z.record(z.string(), z.unknown()) });

export interface ServiceReader {
  /** Every record of a list, all pages, checked to be one consistent read. */
  list(path: string): Promise<WireRecord[]>;
  /** A single record, or `null` for a 404. */
  single(path: string): Promise<WireRecord | null>;
}

export function serviceReader(baseUrl: string, key: string | null): ServiceReader {
  const get = async (path: string): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
    });
    const text = await response.text();
    if (response.status === 404) return { status: 404, json: null };
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return { status: 200, json: JSON.parse(text) as unknown };
  };

  return {
    async list(path) {
      const separator = path.includes('?') ? '&' : '?';
      const pageOf = async (page: number) =>
        listSchema.parse((await get(`${path}${separator}perPage=100&page=${page}`)).json);
      const first = await pageOf(1);
      const pages = Math.max(1, Math.ceil(first.meta.total / first.meta.perPage));
      const rest = await Promise.all(
        Array.from({ length: pages - 1 }, (_, index) => pageOf(index + 2)),
      );
      const records = [first, ...rest].flatMap((page) => page.data);
      if (rest.some((page) => page.meta.total !== first.meta.total)) {
        throw new Error(`${path} changed while the test read it`);
      }
      if (records.length !== first.meta.total) {
        throw new Error(`${path} listed ${records.length} of ${first.meta.total} records`);
      }
      return records;
    },
    async single(path) {
      const answer = await get(path);
      return answer.status === 404 ? null : singleSchema.parse(answer.json).data;
    },
  };
}

export interface ServiceCopyOptions {
  /**
   * Which teams' statistics to read (all when absent): for each, the default-season answer and
   * every season it has a registration at a listed event in (what a sync of scope `all` pulls),
   * plus the pairs of `extraStats` (those the cache holds, so a row the service no longer backs
   * shows up too).
   */
  statsOf?: (teamNumber: number) => boolean;
  extraStats?: Iterable<{ teamNumber: number; season: string }>;
  /** Events read by id too (pinned ones the list does not show). */
  extraEvents?: Iterable<string>;
  concurrency?: number;
}

/** The whole service as the given key sees it, in the shape of `Copy`. */
export async function readServiceCopy(
  baseUrl: string,
  key: string | null,
  options: ServiceCopyOptions = {},
): Promise<Copy> {
  const reader = serviceReader(baseUrl, key);
  const copy: Copy = new Map();
  const concurrency = options.concurrency ?? 8;

  const events = await reader.list('/v1/events');
  copy.set('events', recordsText(events.map(withoutStatus), idOf));
  const teamList = await reader.list('/v1/teams');
  copy.set('teams', recordsText(teamList, numberOf));
  const teamNumbers = new Set(teamList.map(numberOf));

  const eventIds = new Set(events.map(idOf));
  const seasons = new Map(events.map((event) => [idOf(event), String(event.season)]));
  for (const id of options.extraEvents ?? []) {
    const record = await reader.single(`/v1/events/${id}`);
    if (record === null) continue;
    eventIds.add(id);
    seasons.set(id, String(record.season));
  }

  const pairs = new Map<string, { teamNumber: number; season: string }>();
  await eachLimited([...eventIds], concurrency, async (id) => {
    const [teams, matches, clips] = await Promise.all([
      reader.list(`/v1/events/${id}/teams`),
      reader.list(`/v1/events/${id}/matches`),
      reader.list(`/v1/events/${id}/clips`),
    ]);
    copy.set(`event:${id}:teams`, recordsText(teams, numberOf));
    copy.set(`event:${id}:matches`, recordsText(matches, idOf));
    copy.set(`event:${id}:clips`, recordsText(clips, idOf));
    const season = seasons.get(id) ?? '';
    for (const team of teams) {
      const teamNumber = numberOf(team);
      teamNumbers.add(teamNumber);
      pairs.set(`${teamNumber} ${season}`, { teamNumber, season });
    }
  });

  for (const pair of options.extraStats ?? []) {
    pairs.set(`${pair.teamNumber} ${pair.season}`, pair);
  }
  const statsOf = options.statsOf ?? (() => true);
  const wanted = [...pairs.values()].filter(({ teamNumber }) => statsOf(teamNumber));
  // `null`: the default answer, the season of the team's latest event, whatever the key sees of it.
  const asks: { teamNumber: number; season: string | null }[] = [
    ...[...teamNumbers].filter(statsOf).map((teamNumber) => ({ teamNumber, season: null })),
    ...wanted,
  ];
  await eachLimited(asks, concurrency, async ({ teamNumber, season }) => {
    const query = season === null ? '' : `?season=${season}`;
    const stats = await reader.single(`/v1/teams/${teamNumber}/stats${query}`);
    // Without the `season` extension the service answers its latest season whatever is asked;
    // the answer is filed under the season it names, as the sync engine files it.
    if (stats !== null) {
      copy.set(`team:${teamNumber}:stats:${String(stats.season)}`, canonical(stats));
    }
  });
  return copy;
}

export function withoutStatus(event: WireRecord): WireRecord {
  const rest = { ...event };
  delete rest.status;
  return rest;
}

export function idOf(record: WireRecord): string {
  return String(record.id);
}

export function numberOf(record: WireRecord): number {
  return Number(record.number);
}

/** Runs `work` over `items`, `workers` at a time, the way the tests read the service. */
export async function eachLimited<Item>(
  items: readonly Item[],
  workers: number,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as Item;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
}

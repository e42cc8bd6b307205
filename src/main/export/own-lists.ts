import type { ReadHandlers } from '../handlers/reads';
import { IpcFailure } from '../ipc/failure';
import type { PickLists } from '../picklists/pick-lists';
import type { TeamNotes } from '../picklists/team-notes';

/** The person's own records a file may carry beside the cache's. */
export interface OwnLists {
  pickLists: PickLists;
  notes: TeamNotes;
}

/** Teams as rows of the app's files: each with the person's note on it, or none. */
export function withNotes(notes: TeamNotes, teams: readonly { number: number }[]): object[] {
  const byTeam = notes.all();
  return teams.map((team) => ({ ...team, note: byTeam.get(team.number) ?? '' }));
}

/** A pick list's rows, top first, each team with its name where the cache has the team. */
export async function pickListRecords(
  reads: ReadHandlers,
  pickLists: PickLists,
  listId: number,
): Promise<{ name: string; records: object[] }> {
  const list = pickLists.list(listId);
  const records: object[] = [];
  for (const [index, entry] of list.entries.entries()) {
    records.push({
      rank: index + 1,
      teamNumber: entry.teamNumber,
      teamName: await teamName(reads, entry.teamNumber),
      picked: entry.picked,
      note: entry.note,
    });
  }
  const slug = list.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { name: `${list.eventId}-pick-list${slug === '' ? '' : `-${slug}`}`, records };
}

async function teamName(reads: ReadHandlers, teamNumber: number): Promise<string> {
  try {
    return (await reads['teams:get']({ teamNumber })).data.name;
  } catch (error) {
    if (error instanceof IpcFailure && error.code === 'not_found') return '';
    throw error;
  }
}

import type { CommandInput } from '../../../shared/ipc/contract';
import type { PickList, TeamNote } from '../../../shared/ipc/picklists';
import { bridge, describeError, unwrap } from '../api';
import { showNotice } from './actions';
import { createQueryStore, type Remote } from './query-store';

/*
 * Pick lists and team notes, the person's own and local: read like the cache (a change notice
 * naming `picklists` or `notes` re-reads them where they are shown), changed through commands
 * whose failures are said in a notice.
 */

export const pickListQueries = createQueryStore({
  lists: (input: { eventId?: string }) => unwrap(bridge().picklists.list(input)),
  note: (input: { teamNumber: number }) => unwrap(bridge().notes.get(input)),
});

const ALL = {};

/** An event's lists, in the order they were made. */
export function useEventPickLists(eventId: string): Remote<{ data: PickList[] }> {
  return pickListQueries.useQuery('lists', { eventId });
}

/** Every list, the one used last first: where quick open adds a team. */
export function useRecentPickLists(): readonly PickList[] {
  return pickListQueries.useQuery('lists', ALL).value?.data ?? [];
}

export function useTeamNote(teamNumber: number | null): Remote<TeamNote> {
  return pickListQueries.useQuery('note', teamNumber === null ? null : { teamNumber });
}

/** Runs a change; a refusal is said in a notice, and the answer says whether it went through. */
async function attempt(what: string, change: () => Promise<unknown>): Promise<boolean> {
  try {
    await change();
    return true;
  } catch (error) {
    showNotice('error', `Could not ${what}: ${describeError(error)}`);
    return false;
  }
}

type Input<Verb extends keyof ReturnType<typeof bridge>['picklists']> =
  CommandInput<`picklists:${Verb}`>;

export const pickListActions = {
  create: async (input: Input<'create'>): Promise<number | null> => {
    try {
      return (await unwrap(bridge().picklists.create(input))).id;
    } catch (error) {
      showNotice('error', `Could not make the pick list: ${describeError(error)}`);
      return null;
    }
  },
  rename: (input: Input<'rename'>) =>
    attempt('rename the pick list', () => unwrap(bridge().picklists.rename(input))),
  delete: (input: Input<'delete'>) =>
    attempt('delete the pick list', () => unwrap(bridge().picklists.delete(input))),
  add: (input: Input<'add'>) =>
    attempt(`add ${input.teamNumber}`, () => unwrap(bridge().picklists.add(input))),
  remove: (input: Input<'remove'>) =>
    attempt(`take ${input.teamNumber} off`, () => unwrap(bridge().picklists.remove(input))),
  move: (input: Input<'move'>) =>
    attempt(`move ${input.teamNumber}`, () => unwrap(bridge().picklists.move(input))),
  setEntry: (input: Input<'setEntry'>) =>
    attempt(`change ${input.teamNumber}`, () => unwrap(bridge().picklists.setEntry(input))),
  setNote: (teamNumber: number, note: string) =>
    attempt(`save the note on ${teamNumber}`, () =>
      unwrap(bridge().notes.set({ teamNumber, note })),
    ),
};

import type { Handlers } from '../ipc/dispatcher';
import type { PickLists } from '../picklists/pick-lists';
import type { TeamNotes } from '../picklists/team-notes';

export type PickListCommandName =
  | 'picklists:list'
  | 'picklists:create'
  | 'picklists:rename'
  | 'picklists:delete'
  | 'picklists:add'
  | 'picklists:remove'
  | 'picklists:move'
  | 'picklists:setEntry'
  | 'notes:get'
  | 'notes:set';

/** Pick lists and team notes: answered from this computer's cache, never sent anywhere. */
export function createPickListHandlers(
  lists: PickLists,
  notes: TeamNotes,
): Pick<Handlers, PickListCommandName> {
  const done = {};
  return {
    'picklists:list': ({ eventId }) => ({ data: lists.lists(eventId), builtFrom: ['picklists'] }),
    'picklists:create': async ({ eventId, name }) => ({ id: await lists.create(eventId, name) }),
    'picklists:rename': async ({ listId, name }) => {
      await lists.rename(listId, name);
      return done;
    },
    'picklists:delete': async ({ listId }) => {
      await lists.delete(listId);
      return done;
    },
    'picklists:add': async ({ listId, teamNumber }) => {
      await lists.add(listId, teamNumber);
      return done;
    },
    'picklists:remove': async ({ listId, teamNumber }) => {
      await lists.remove(listId, teamNumber);
      return done;
    },
    'picklists:move': async ({ listId, teamNumber, to }) => {
      await lists.move(listId, teamNumber, to);
      return done;
    },
    'picklists:setEntry': async ({ listId, teamNumber, picked, note }) => {
      await lists.setEntry(listId, teamNumber, { picked, note });
      return done;
    },
    'notes:get': ({ teamNumber }) => notes.get(teamNumber),
    'notes:set': ({ teamNumber, note }) => notes.set(teamNumber, note),
  };
}

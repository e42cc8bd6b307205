import { ListPlus } from 'lucide-react';
import { matchPath, useLocation } from 'react-router';
import { showNotice } from '../../stores/actions';
import { pickListActions, useRecentPickLists } from '../../stores/picklists';
import type { QuickAction } from './actions';
import { typedTeamNumber } from './results';

/** How many lists quick open offers a team to: the last used first, then the others. */
const OFFERED = 3;

/**
 * "Add 254 to <list>": the team typed ("254", "add 254"), or the team page's. The list used last comes first (on an
 * event's page, that event's list used last); the others follow, so Enter adds to the usual one
 * and the arrows choose another.
 */
export function usePickListAddActions(query: string, pageTeam: number | null): QuickAction[] {
  const lists = useRecentPickLists();
  const { pathname } = useLocation();
  const typed = query
    .split(/\s+/)
    .map(typedTeamNumber)
    .find((number) => number !== null);
  const team = typed ?? pageTeam;
  if (team === null) return [];
  const pageEvent = matchPath('/events/:eventId', pathname)?.params.eventId;
  const ordered = [
    ...lists.filter((list) => list.eventId === pageEvent),
    ...lists.filter((list) => list.eventId !== pageEvent),
  ];
  return ordered.slice(0, OFFERED).map((list) => ({
    value: `action:pick:${list.id}:${team}`,
    label: `Add ${team} to pick list ${list.name} (${list.eventId})`,
    icon: ListPlus,
    keywords: `pick list alliance selection ${list.eventId}`,
    after: 'restore',
    run: () =>
      void pickListActions.add({ listId: list.id, teamNumber: team }).then((done) => {
        if (!done) return;
        showNotice('info', `Added ${team} to ${list.name}.`, () => {
          void pickListActions.remove({ listId: list.id, teamNumber: team });
        });
      }),
  }));
}

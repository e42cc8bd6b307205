import { resourceKeys } from '../../../shared/ipc/resources';
import { commitList, inSteps, listSource, pullWholeList, type PullContext } from './context';
import type { PullOutcome } from './context';
import { idsOf } from './unreadable';

/*
 * The two big lists. Each is written in one write session of many short steps: views see the old
 * list until the commit and the new one after it, and main is never blocked for long. On a first
 * sync there is no old list to show: each page is written as it arrives, so the list grows on
 * screen while its sync state still says incomplete. A copy still kept for another service is
 * forgotten in the session that writes the first of them (see `ServiceReplacement`).
 */

/**
 * Every event the service lists for our key; events that left the list leave the cache.
 * `visible` is told when the new list is committed, before its check pass (see `pullList`).
 */
export async function pullEventList(
  context: PullContext,
  visible?: () => void,
): Promise<PullOutcome> {
  const removed: string[] = [];
  const seasons = new Set<string>();
  const source = listSource(
    context,
    'events',
    '/v1/events',
    (page, read) => context.client.listEvents(page, read),
    (event) => event.id,
  );
  const outcome = await pullWholeList(
    context,
    resourceKeys.events,
    source,
    (pull) =>
      context.queue.session(async (session) => {
        context.guard();
        await context.replacement.replaceIfDue(session);
        let rows = 0;
        for (const step of inSteps(pull.items)) {
          rows += await session.step(() => {
            context.guard();
            return context.writer.events.upsertItems(step);
          });
        }
        await session.step(() => {
          context.guard();
          // An event the service listed but we could not read keeps the copy we hold of it.
          const wanted = new Set([
            ...pull.items.map((event) => event.id),
            ...idsOf(pull.unreadable),
          ]);
          for (const id of context.writer.events.listed()) {
            if (wanted.has(id)) continue;
            const season = context.writer.events.seasonOf(id);
            if (season !== null) seasons.add(season);
            context.writer.events.dropFromList(id);
            removed.push(id);
          }
          commitList(context, resourceKeys.events, pull);
        });
        return rows + removed.length;
      }),
    (items) => {
      context.guard();
      return context.writer.events.upsertItems(items);
    },
    visible,
  );
  return { ...outcome, seasons: [...seasons] };
}

/** Every team the service lists; `visible` as for the events list. */
export function pullTeamList(context: PullContext, visible?: () => void): Promise<PullOutcome> {
  const source = listSource(
    context,
    'teams',
    '/v1/teams',
    (page, read) => context.client.listTeams(page, read),
    (team) => team.number,
  );
  return pullWholeList(
    context,
    resourceKeys.teams,
    source,
    (pull) =>
      context.queue.session(async (session) => {
        context.guard();
        await context.replacement.replaceIfDue(session);
        let rows = 0;
        for (const step of inSteps(pull.items)) {
          rows += await session.step(() => {
            context.guard();
            return context.writer.teams.upsertItems(step);
          });
        }
        rows += await session.step(() => {
          context.guard();
          const wanted = new Set([
            ...pull.items.map((team) => team.number),
            ...idsOf(pull.unreadable).map(Number),
          ]);
          const dropped = context.writer.teams.listed().filter((number) => !wanted.has(number));
          for (const number of dropped) context.writer.teams.dropFromList(number);
          commitList(context, resourceKeys.teams, pull);
          return dropped.length;
        });
        return rows;
      }),
    (items) => {
      context.guard();
      return context.writer.teams.upsertItems(items);
    },
    visible,
  );
}

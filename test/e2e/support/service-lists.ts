import type { TeamListItem } from '../../../src/shared/wire/team';
import type { Query, ReferenceService } from './reference-service';

/** Every item of one of the service's lists for a query, page by page, in its order. */
export async function everyPage<Item>(
  service: ReferenceService,
  path: string,
  query: Query = {},
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const answer = await service.list<Item>(path, { ...query, page, perPage: 100 });
    items.push(...answer.data);
    if (items.length >= answer.meta.total || answer.data.length === 0) return items;
  }
}

export const everyTeam = (service: ReferenceService, query: Query = {}) =>
  everyPage<TeamListItem>(service, '/v1/teams', query);

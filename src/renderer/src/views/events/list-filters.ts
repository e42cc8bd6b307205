import { EVENT_STATUSES, type EventStatus } from '../../../../shared/wire/event';
import { boundedFilterText } from '../../../../shared/ipc/filter-text';
import { isSeason } from '../../../../shared/wire/formats';
import type { EventListSort } from '../../../../shared/ipc/reads';

/** The events list's filters as the address holds them; what is missing or unreadable is unset. */
export interface EventListFilters {
  season?: string;
  status?: EventStatus;
  region?: string;
  search?: string;
}

export const FILTER_PARAMS = ['season', 'status', 'region', 'search'] as const;

export { FILTER_TEXT_MAX } from '../../../../shared/ipc/filter-text';

function isStatus(value: string): value is EventStatus {
  return (EVENT_STATUSES as readonly string[]).includes(value);
}

export function eventListFilters(params: URLSearchParams): EventListFilters {
  const filters: EventListFilters = {};
  const season = params.get('season');
  if (season !== null && isSeason(season)) filters.season = season;
  const status = params.get('status');
  if (status !== null && isStatus(status)) filters.status = status;
  const region = boundedFilterText(params.get('region') ?? '');
  if (region !== '') filters.region = region;
  const search = boundedFilterText(params.get('search') ?? '');
  if (search !== '') filters.search = search;
  return filters;
}

/**
 * The order the list opens in is what is current (see `EVENT_LIST_SORTS`); `sort=date` in the
 * address asks for the service's order, oldest first.
 */
export function eventListSort(params: URLSearchParams): EventListSort {
  return params.get('sort') === 'date' ? 'date' : 'current';
}

export function hasFilters(filters: EventListFilters): boolean {
  return Object.keys(filters).length > 0;
}

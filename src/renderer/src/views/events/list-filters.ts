import { EVENT_STATUSES, type EventStatus } from '../../../../shared/wire/event';
import { isSeason } from '../../../../shared/wire/formats';

/** The events list's filters as the address holds them; what is missing or unreadable is unset. */
export interface EventListFilters {
  season?: string;
  status?: EventStatus;
  region?: string;
  search?: string;
}

export const FILTER_PARAMS = ['season', 'status', 'region', 'search'] as const;

/** The longest free text the read accepts (the service's bound too). */
export const FILTER_TEXT_MAX = 200;

function isStatus(value: string): value is EventStatus {
  return (EVENT_STATUSES as readonly string[]).includes(value);
}

export function eventListFilters(params: URLSearchParams): EventListFilters {
  const filters: EventListFilters = {};
  const season = params.get('season');
  if (season !== null && isSeason(season)) filters.season = season;
  const status = params.get('status');
  if (status !== null && isStatus(status)) filters.status = status;
  const region = params.get('region')?.trim().slice(0, FILTER_TEXT_MAX);
  if (region !== undefined && region !== '') filters.region = region;
  const search = params.get('search')?.trim().slice(0, FILTER_TEXT_MAX);
  if (search !== undefined && search !== '') filters.search = search;
  return filters;
}

export function hasFilters(filters: EventListFilters): boolean {
  return Object.keys(filters).length > 0;
}

import type { Location } from '../../../../shared/wire/event';

/** "Springfield, IL" (or the country where there is no state), short enough for a table cell. */
export function shortPlace({ city, state, country }: Location): string {
  return [city, state === '' ? country : state].filter((part) => part !== '').join(', ');
}

/** Everything the service says about where: "Springfield, IL, USA". */
export function fullPlace({ city, state, country }: Pick<Location, 'city' | 'state' | 'country'>) {
  return [city, state, country].filter((part) => part !== '').join(', ');
}

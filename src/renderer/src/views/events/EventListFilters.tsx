import { Search } from 'lucide-react';
import { useMemo } from 'react';
import type { EventStatus } from '../../../../shared/wire/event';
import type { EventListSort } from '../../../../shared/ipc/reads';
import { FILTER_TEXT_MAX, type EventListFilters } from './list-filters';
import { recentSeasons } from './seasons';
import { useDebouncedText } from '../../components/use-debounced-text';

const STATUS_OPTIONS: readonly { value: EventStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'live', label: 'Live' },
  { value: 'past', label: 'Past' },
];

/**
 * Season, status, region and search. Selects apply at once; the two text fields filter as the
 * person types, a moment after the last key.
 */
export function EventListFilterBar({
  filters,
  onChange,
  sort,
  onSort,
}: {
  filters: EventListFilters;
  sort: EventListSort;
  onSort: (sort: EventListSort) => void;
  /** `typing`: a keystroke's change, which replaces the history entry instead of adding one. */
  onChange: (name: keyof EventListFilters, value: string, typing: boolean) => void;
}) {
  const seasons = useMemo(() => {
    const recent = recentSeasons(new Date());
    // A linked season older than the recent ones still shows as chosen.
    return filters.season === undefined || recent.includes(filters.season)
      ? recent
      : [...recent, filters.season];
  }, [filters.season]);
  const search = useDebouncedText(filters.search ?? '', (text) => onChange('search', text, true));
  const region = useDebouncedText(filters.region ?? '', (text) => onChange('region', text, true));

  return (
    <div
      role="search"
      className="filters events-filters"
      aria-label="Filter events"
      data-testid="events-filters"
    >
      <label>
        Search
        <span className="events-search">
          <Search size={14} aria-hidden="true" />
          <input
            className="input"
            type="search"
            value={search.text}
            maxLength={FILTER_TEXT_MAX}
            placeholder="Name or code"
            onChange={(event) => search.setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') search.commitNow();
            }}
          />
        </span>
      </label>
      <label>
        Season
        <select
          className="select"
          value={filters.season ?? ''}
          onChange={(event) => onChange('season', event.target.value, false)}
        >
          <option value="">All seasons</option>
          {seasons.map((season) => (
            <option key={season} value={season}>
              {season}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select
          className="select"
          value={filters.status ?? ''}
          onChange={(event) => onChange('status', event.target.value, false)}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Order
        <select
          className="select"
          value={sort}
          onChange={(event) => onSort(event.target.value === 'date' ? 'date' : 'current')}
        >
          <option value="current">Live and next first</option>
          <option value="date">Oldest first</option>
        </select>
      </label>
      <label>
        Region
        <input
          className="input"
          type="text"
          value={region.text}
          maxLength={FILTER_TEXT_MAX}
          placeholder="State or country"
          onChange={(event) => region.setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') region.commitNow();
          }}
        />
      </label>
    </div>
  );
}

import { ArrowDown, ArrowUp } from 'lucide-react';
import type { TeamListSort } from '../../../../shared/ipc/reads';

type SortKey = 'number' | 'name' | 'record' | 'rank';

/** The sortable columns and the key each sorts by. */
export const SORTABLE: Readonly<Record<string, SortKey>> = {
  Number: 'number',
  Name: 'name',
  Record: 'record',
  'World rank': 'rank',
};

const keyOf = (sort: TeamListSort): SortKey => sort.replace(/^-/, '') as SortKey;

/**
 * A column header that sorts the list: a first press sorts by it (best or A first), a second
 * turns it round. `aria-sort` says the order in effect; the arrow says it to the eye.
 */
export function TeamSortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className,
}: {
  label: string;
  sortKey: SortKey;
  sort: TeamListSort;
  onSort: (sort: TeamListSort) => void;
  className: string | undefined;
}) {
  const active = keyOf(sort) === sortKey;
  const reversed = sort.startsWith('-');
  // Numbers and names read ascending; a record and a rank read best first: both "natural".
  const ascending = sortKey === 'record' ? reversed : !reversed;
  const next: TeamListSort = active && !reversed ? `-${sortKey}` : sortKey;
  return (
    <span
      role="columnheader"
      className={className}
      aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="sort-header"
        onClick={() => onSort(next)}
        title={`Sort by ${label.toLowerCase()}`}
        data-testid={`sort-${sortKey}`}
      >
        {label}
        {active &&
          (reversed ? (
            <ArrowUp size={12} aria-hidden="true" />
          ) : (
            <ArrowDown size={12} aria-hidden="true" />
          ))}
      </button>
    </span>
  );
}

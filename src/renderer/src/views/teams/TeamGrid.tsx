import { useVirtualizer } from '@tanstack/react-virtual';
import { Star } from 'lucide-react';
import { memo, useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import type { TeamListInput, TeamListRow, TeamListSort } from '../../../../shared/ipc/reads';
import type { TeamListItem } from '../../../../shared/wire/team';
import { formatCount, formatRank } from '../../format/numbers';
import { SORTABLE, TeamSortHeader } from './TeamSortHeader';
import { teamQueries } from '../../stores/reads';
import { RatingCells, useSeasonRatings } from '../analysis/RatingCells';
import type { SeasonRating } from '../../../../shared/ipc/analysis';

/** One read of the list: the service's largest page, so 10,000 teams are 100 reads. */
export const TEAM_PAGE_SIZE = 100;
const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 32;
/** Rows drawn beyond each edge of the view, so a page is read before its rows show. */
const OVERSCAN = 12;
/** The address follows the scroll once it settles, not on every frame. */
const PAGE_PARAM_DELAY_MS = 150;

export type TeamFilters = Pick<
  TeamListInput,
  'season' | 'region' | 'search' | 'sort' | 'favorites'
>;

/** The list page a row is on, counted from 1 like the service's pages. */
export const pageOfRow = (index: number): number => Math.floor(index / TEAM_PAGE_SIZE) + 1;

const rowId = (index: number): string => `teams-row-${index}`;

export function teamLocation(team: Pick<TeamListItem, 'city' | 'state' | 'country'>): string {
  return [team.city, team.state, team.country].filter((part) => part !== '').join(', ');
}

const COLUMNS = [
  'Favorite',
  'Number',
  'Name',
  'Record',
  'World rank',
  'School',
  'Location',
  'Rookie',
  'Clips',
  'OPR',
  'Rating',
] as const;
const NUMERIC: ReadonlySet<string> = new Set([
  'Number',
  'Record',
  'World rank',
  'Rookie',
  'Clips',
  'OPR',
  'Rating',
]);

/**
 * "12–3", "12–2–1" with ties (the win rate the column sorts by counts them), or a dash where the
 * cache holds no statistics of the season.
 */
function recordText(team: TeamListRow): string {
  const record = team.record;
  if (record === null || record === undefined || record.matches === 0) return '—';
  const ties = record.matches - record.wins - record.losses;
  const text = `${formatCount(record.wins)}–${formatCount(record.losses)}`;
  return ties > 0 ? `${text}–${formatCount(ties)}` : text;
}

const TeamRow = memo(function TeamRow({
  index,
  top,
  team,
  active,
  favorite,
  rating,
}: {
  index: number;
  top: number;
  team: TeamListRow | undefined;
  active: boolean;
  favorite: boolean;
  rating: SeasonRating | undefined;
}) {
  const style = { transform: `translateY(${top}px)` };
  if (team === undefined) {
    return (
      <div
        role="row"
        id={rowId(index)}
        aria-rowindex={index + 2}
        aria-selected={active}
        className={active ? 'teams-row placeholder active' : 'teams-row placeholder'}
        style={style}
      >
        <span role="gridcell" />
        <span role="gridcell" className="num">
          <span className="visually-hidden">Loading team {formatCount(index + 1)}</span>
          <span className="skeleton" aria-hidden="true" />
        </span>
        <span role="gridcell" aria-hidden="true">
          <span className="skeleton" />
        </span>
      </div>
    );
  }
  return (
    <div
      role="row"
      id={rowId(index)}
      aria-rowindex={index + 2}
      aria-selected={active}
      className={active ? 'teams-row active' : 'teams-row'}
      style={style}
      data-row-index={index}
      data-team-number={team.number}
    >
      <span role="gridcell" className="star">
        {favorite && (
          <>
            <Star size={13} aria-hidden="true" />
            <span className="visually-hidden">Favorite</span>
          </>
        )}
      </span>
      <span role="gridcell" className="num team-number">
        {team.number}
      </span>
      <span role="gridcell" className="team-name" title={team.name}>
        {team.name}
      </span>
      <span role="gridcell" className="num" title={team.record?.season}>
        {recordText(team)}
      </span>
      <span role="gridcell" className="num" title={team.record?.season}>
        {formatRank(team.record?.worldRank ?? 0)}
      </span>
      <span role="gridcell" title={team.school}>
        {team.school}
      </span>
      <span role="gridcell">{teamLocation(team)}</span>
      <span role="gridcell" className="num">
        {team.rookie}
      </span>
      <span role="gridcell" className="num">
        {formatCount(team.clipCount)}
      </span>
      <RatingCells rating={rating} />
    </div>
  );
});

/**
 * Every team the filters match as one continuous list: the virtualizer sizes it for `total`
 * rows and draws only the few in view; each page of 100 is read from the cache when one of its
 * rows comes into view, so the last team is as near as the first. The list is one tab stop
 * (a grid with an active row): arrows, Page Up/Down, Home/End move, Enter opens.
 */
export function TeamGrid({
  filters,
  total,
  firstPage,
  initialPage,
  favorites,
  onTopPageChange,
  onOpen,
  onSort,
}: {
  filters: TeamFilters;
  total: number;
  firstPage: readonly TeamListRow[];
  /** The page to show first (from the address), so a reload lands where the person was. */
  initialPage: number;
  favorites: ReadonlySet<number>;
  onTopPageChange: (page: number) => void;
  onOpen: (teamNumber: number) => void;
  onSort: (sort: TeamListSort) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialOffset = Math.min(initialPage - 1, Math.floor((total - 1) / TEAM_PAGE_SIZE));
  const restoreOffset = Math.max(0, initialOffset) * TEAM_PAGE_SIZE * ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The sticky header sits above the rows inside the scroll element.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialOffset: restoreOffset,
  });
  const [active, setActive] = useState<number | null>(null);
  const ratings = useSeasonRatings(filters.season);
  const ratingsTitle = (column: string) =>
    ratings.season === null
      ? `${column}: computed here, once a season has played matches`
      : `${column} in ${ratings.season}, computed here${column === 'OPR' ? ' (latest event)' : ''}`;

  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const lastShown = items.at(-1)?.index ?? 0;
  const pages: number[] = [];
  for (let page = Math.max(2, pageOfRow(firstShown)); page <= pageOfRow(lastShown); page++) {
    pages.push(page);
  }
  const answers = teamQueries.useQueries(
    'list',
    pages.map((page) => ({ ...filters, records: true, page, perPage: TEAM_PAGE_SIZE })),
  );
  const rowsByPage = new Map<number, readonly TeamListRow[]>([[1, firstPage]]);
  pages.forEach((page, at) => {
    const answer = answers[at]?.value;
    if (answer !== null && answer !== undefined) rowsByPage.set(page, answer.data);
  });
  const teamAt = (index: number): TeamListRow | undefined =>
    rowsByPage.get(pageOfRow(index))?.[index % TEAM_PAGE_SIZE];

  // Only the address the list was opened with is restored; afterwards the scroll leads.
  const restoreScroll = useEffectEvent(() => {
    if (restoreOffset > 0) virtualizer.scrollToOffset(restoreOffset);
  });
  useEffect(() => restoreScroll(), []);

  const topRow = Math.floor((virtualizer.scrollOffset ?? restoreOffset) / ROW_HEIGHT);
  const topPage = pageOfRow(Math.min(topRow, Math.max(0, total - 1)));
  const scrolling = virtualizer.isScrolling;
  const reportTopPage = useEffectEvent((page: number) => onTopPageChange(page));
  useEffect(() => {
    if (scrolling) return;
    const timer = window.setTimeout(() => reportTopPage(topPage), PAGE_PARAM_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [topPage, scrolling]);

  /** The page in view now, for the address the person will come back to. */
  function pageInView(): number {
    const offset = scrollRef.current?.scrollTop ?? 0;
    return pageOfRow(Math.min(Math.floor(offset / ROW_HEIGHT), Math.max(0, total - 1)));
  }

  // Enter on a row whose page is still being read opens it as soon as the row is there.
  const [pendingOpen, setPendingOpen] = useState<number | null>(null);
  const pendingTeam = pendingOpen === null ? undefined : teamAt(pendingOpen);
  const openPending = useEffectEvent((teamNumber: number) => {
    onTopPageChange(pageInView());
    onOpen(teamNumber);
  });
  useEffect(() => {
    if (pendingTeam !== undefined) openPending(pendingTeam.number);
  }, [pendingTeam]);

  function moveTo(index: number): void {
    const next = Math.max(0, Math.min(total - 1, index));
    setPendingOpen(null);
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  }

  function open(index: number): void {
    const team = teamAt(index);
    if (team === undefined) {
      setPendingOpen(index);
      return;
    }
    // The address keeps the place in the list, so Back returns to it.
    onTopPageChange(pageInView());
    onOpen(team.number);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    // The sortable headers' buttons take their own keys.
    if (event.target !== event.currentTarget) return;
    if (total === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = active ?? topRow;
    const height = scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10;
    const pageRows = Math.max(1, Math.floor((height - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + pageRows,
      PageUp: current - pageRows,
      Home: 0,
      End: total - 1,
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      if (active !== null) open(active);
      return;
    }
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    // The first arrow press shows where the list is before it moves anywhere.
    moveTo(active === null && event.key.startsWith('Arrow') ? current : target);
  }

  const activeShown = active !== null && items.some((item) => item.index === active);

  return (
    <div
      ref={scrollRef}
      className="teams-grid"
      role="grid"
      aria-label="Teams"
      aria-rowcount={total + 1}
      aria-colcount={COLUMNS.length}
      aria-activedescendant={activeShown ? rowId(active) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // One listener for every row, so scrolling draws rows without new handlers.
        const row = (event.target as Element).closest<HTMLElement>('[data-row-index]');
        if (row === null) return;
        const index = Number(row.dataset.rowIndex);
        setActive(index);
        open(index);
      }}
      onFocus={(event) => {
        if (event.target === event.currentTarget && active === null && total > 0) {
          setActive(Math.min(topRow, total - 1));
        }
      }}
      data-testid="teams-list"
    >
      <div role="rowgroup" className="teams-head">
        <div role="row" aria-rowindex={1} className="teams-row">
          {COLUMNS.map((column) => {
            const className = NUMERIC.has(column) ? 'num' : undefined;
            const sortKey = SORTABLE[column];
            return sortKey === undefined ? (
              <span
                key={column}
                role="columnheader"
                className={className}
                title={column === 'OPR' || column === 'Rating' ? ratingsTitle(column) : undefined}
              >
                {column === 'Favorite' ? <span className="visually-hidden">{column}</span> : column}
              </span>
            ) : (
              <TeamSortHeader
                key={column}
                label={column}
                sortKey={sortKey}
                sort={filters.sort ?? 'number'}
                onSort={onSort}
                className={className}
              />
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className="teams-body" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const team = teamAt(item.index);
          return (
            <TeamRow
              key={item.index}
              index={item.index}
              top={item.start - HEADER_HEIGHT}
              team={team}
              active={item.index === active}
              favorite={team !== undefined && favorites.has(team.number)}
              rating={team === undefined ? undefined : ratings.byTeam.get(team.number)}
            />
          );
        })}
      </div>
    </div>
  );
}

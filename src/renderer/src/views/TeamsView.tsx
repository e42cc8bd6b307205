import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { ExportList } from '../../../shared/ipc/actions';
import { boundedFilterText } from '../../../shared/ipc/filter-text';
import { TEAM_LIST_SORTS, type TeamListSort } from '../../../shared/ipc/reads';
import { ExportButton } from '../components/ExportButton';
import { Freshness } from '../components/Freshness';
import { Skeleton, StateMessage } from '../components/StateMessage';
import { ONCE_REACHABLE, useSyncOffer } from '../components/sync-offer';
import { formatCount } from '../format/numbers';
import { pageParam, paths } from '../routes';
import { useFavorites } from '../stores/library';
import { teamQueries } from '../stores/reads';
import { DebouncedText } from '../components/DebouncedText';
import { recentSeasons, seasonParam } from './teams/seasons';
import { TEAM_PAGE_SIZE, TeamGrid, type TeamFilters } from './teams/TeamGrid';
import '../styles/teams.css';
import { useAddressParams } from '../use-address-params';

type FilterName = 'season' | 'region' | 'search' | 'sort' | 'favorites';

const isSort = (text: string | null): text is TeamListSort =>
  (TEAM_LIST_SORTS as readonly (string | null)[]).includes(text);

/** The filters in the address, leaving out the empty ones so equal filters read the same entry. */
function readFilters(params: URLSearchParams): TeamFilters {
  const filters: TeamFilters = {};
  const season = seasonParam(params.get('season'));
  const region = boundedFilterText(params.get('region') ?? '');
  const search = boundedFilterText(params.get('search') ?? '');
  if (season !== undefined) filters.season = season;
  if (region !== '') filters.region = region;
  if (search !== '') filters.search = search;
  // The service's order (by number) is what no sort says.
  const sort = params.get('sort');
  if (isSort(sort) && sort !== 'number') filters.sort = sort;
  if (params.get('favorites') === '1') filters.favorites = true;
  return filters;
}

/**
 * `#/teams`: every team in the service's filter and order, as one virtualized list whose pages
 * are read as they scroll into view. The filters and the page at the top of the view live in
 * the address, so a reload or a link opens the same place.
 */
export function TeamsView() {
  const [params, setParams] = useAddressParams();
  const navigate = useNavigate();
  const offer = useSyncOffer();
  const favoriteList = useFavorites();
  const favorites = useMemo(() => new Set(favoriteList), [favoriteList]);

  const filters = readFilters(params);
  const filterKey = JSON.stringify(filters);
  const page = pageParam(params.get('page'));
  const first = teamQueries.useQuery(
    'list',
    { ...filters, records: true, page: 1, perPage: TEAM_PAGE_SIZE },
    { keepPrevious: true },
  );
  const seasons = recentSeasons();
  if (filters.season !== undefined && !seasons.includes(filters.season)) {
    seasons.push(filters.season);
  }

  function setFilter(name: FilterName, value: string): void {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        // Kept as typed (a pause after a space must not eat it); the read trims it.
        if (value.trim() === '') next.delete(name);
        else next.set(name, value);
        if ((previous.get(name) ?? '').trim() !== value.trim()) next.delete('page');
        return next;
      },
      // Typing would otherwise leave one history entry per pause.
      { replace: name === 'region' || name === 'search' },
    );
  }

  function setTopPage(topPage: number): void {
    setParams(
      (previous) => {
        if (pageParam(previous.get('page')) === topPage) return previous;
        const next = new URLSearchParams(previous);
        if (topPage === 1) next.delete('page');
        else next.set('page', String(topPage));
        return next;
      },
      { replace: true },
    );
  }

  const filtered = Object.keys(filters).length > 0;
  const exportList: ExportList = { list: 'teams', ...filters };
  const answer = first.value;

  let body;
  if (answer === null) {
    body =
      first.status === 'error' ? (
        <StateMessage kind="error">
          The teams could not be read from the local copy: {first.error}
        </StateMessage>
      ) : (
        <Skeleton rows={12} />
      );
  } else if (
    answer.meta.total === 0 &&
    filters.season !== undefined &&
    !answer.freshness.complete
  ) {
    // Which teams took part in a season comes from every event's team list, which only a sync of
    // scope All holds whole: saying "no teams" here would pass a gap in the copy off as an answer.
    body = (
      <StateMessage
        kind="stale"
        action={{ label: 'Open settings', run: () => void navigate(paths.settings()) }}
      >
        The local copy does not hold {filters.season}’s event team lists yet; filtering teams by
        season offline needs the sync scope All.
      </StateMessage>
    );
  } else if (answer.meta.total === 0 && filters.favorites === true && favorites.size === 0) {
    body = (
      <StateMessage
        kind="empty"
        action={{ label: 'Show every team', run: () => setFilter('favorites', '') }}
      >
        No favorites yet: mark a team with the star on its page to list it here.
      </StateMessage>
    );
  } else if (answer.meta.total === 0) {
    body =
      answer.freshness.syncedAt === null && !answer.freshness.complete ? (
        <StateMessage kind="empty" action={offer.action}>
          {offer.offline
            ? `No teams have been synced yet; they are fetched ${ONCE_REACHABLE}.`
            : 'No teams have been synced yet; sync to fetch them from the service.'}
        </StateMessage>
      ) : filtered ? (
        <StateMessage
          kind="empty"
          action={{ label: 'Clear filters', run: () => setParams(new URLSearchParams()) }}
        >
          No team matches these filters; clear them to see every team.
        </StateMessage>
      ) : (
        <StateMessage kind="empty" action={offer.action}>
          {offer.offline
            ? `The service listed no teams at the last sync; it is asked again ${ONCE_REACHABLE}.`
            : 'The service lists no teams yet; sync again later to look for new ones.'}
        </StateMessage>
      );
  } else {
    body = (
      <TeamGrid
        key={filterKey}
        filters={filters}
        total={answer.meta.total}
        firstPage={answer.data}
        initialPage={page}
        favorites={favorites}
        onTopPageChange={setTopPage}
        onOpen={(teamNumber) => void navigate(paths.team(teamNumber))}
        onSort={(sort) => setFilter('sort', sort === 'number' ? '' : sort)}
      />
    );
  }

  return (
    <div className="teams-list-view">
      <header className="page-header">
        <h1>Teams</h1>
        {answer !== null && (
          <span className="muted num" data-testid="teams-total">
            {formatCount(answer.meta.total)} {answer.meta.total === 1 ? 'team' : 'teams'}
          </span>
        )}
        <Freshness freshness={answer?.freshness} />
        <span className="actions">
          <ExportButton list={exportList} />
        </span>
      </header>
      <div role="search" className="filters" aria-label="Team filters">
        <label>
          Season
          <select
            className="select"
            value={filters.season ?? ''}
            onChange={(event) => setFilter('season', event.target.value)}
            data-testid="teams-season"
          >
            <option value="">All seasons</option>
            {seasons.map((season) => (
              <option key={season} value={season}>
                {season}
              </option>
            ))}
          </select>
        </label>
        <DebouncedText
          label="Region"
          value={params.get('region') ?? ''}
          onCommit={(value) => setFilter('region', value)}
          placeholder="State or country"
          testId="teams-region"
        />
        <label className="check">
          <input
            type="checkbox"
            checked={filters.favorites === true}
            onChange={(event) => setFilter('favorites', event.target.checked ? '1' : '')}
            data-testid="teams-favorites"
          />
          Favorites only
        </label>
        <DebouncedText
          label="Search"
          type="search"
          value={params.get('search') ?? ''}
          onCommit={(value) => setFilter('search', value)}
          placeholder="Number or name"
          testId="teams-search"
        />
      </div>
      {body}
    </div>
  );
}

import { CalendarDays, CloudUpload, GitCompare, Search, Settings, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { MOD_KEY, SyncBar } from './components/SyncBar';
import { NoticeToast } from './components/NoticeToast';
import { NotificationToast } from './components/NotificationToast';
import { QuickOpen } from './components/QuickOpen';
import { ShortcutsDialog } from './components/ShortcutsDialog';
import { StateMessage } from './components/StateMessage';
import { useGlobalShortcuts } from './components/use-global-shortcuts';
import { UpdateOffer } from './components/updates/UpdateOffer';
import { movesFocus } from './focus-on-move';
import { paths } from './routes';
import { editQueries } from './stores/edits';
import { usePreferences } from './stores/preferences';
import { connectPushes } from './stores/pushes';
import { useOverlays } from './stores/quick-open';
import { useSetupState } from './stores/setup';
import { useSyncStatus } from './stores/sync-status';
import { useUpdates } from './stores/updates';
import { CompareView } from './views/CompareView';
import { DigestView } from './views/DigestView';
import { EditsView } from './views/EditsView';
import { EventFormView } from './views/EventFormView';
import { FixEditView } from './views/FixEditView';
import { EventsView } from './views/EventsView';
import { EventView } from './views/EventView';
import { FirstRun } from './views/FirstRun';
import { SettingsView } from './views/SettingsView';
import { TeamsView } from './views/TeamsView';
import { TeamView } from './views/TeamView';
import { unsentSummary } from './views/edits/unsent-summary';

/** Loads what every view needs once, and keeps it current through main's pushes. */
function useAppStartup(): void {
  useEffect(() => {
    const disconnect = connectPushes();
    void useSyncStatus.getState().load();
    void usePreferences.getState().load();
    void useUpdates.getState().load();
    return disconnect;
  }, []);
}

/** How long after a move a heading that replaces the loading one still takes the focus. */
const FOCUS_FOLLOW_MS = 3_000;

function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (heading === null) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After a move to another view, focus goes to its heading, so a keyboard or screen-reader user
 * starts reading the new view instead of the link they left. A record not read yet shows a
 * loading heading that its real one replaces a moment later, taking the focus with it to the
 * page's body: for a short while, a focus dropped that way goes to the new heading. An address
 * change within the view (`STAY_IN_VIEW`) leaves focus where it is.
 */
function useFocusOnNavigate(): void {
  const location = useLocation();
  const { pathname } = location;
  const state: unknown = location.state;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!movesFocus(state)) return;
    focusHeading();
    const main = document.getElementById('main');
    if (main === null) return;
    const follow = new MutationObserver(() => {
      if (document.activeElement === document.body || document.activeElement === null) {
        focusHeading();
      }
    });
    follow.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => follow.disconnect(), FOCUS_FOLLOW_MS);
    return () => {
      window.clearTimeout(stop);
      follow.disconnect();
    };
  }, [pathname, state]);
}

/** How many edits wait, beside the Edits link; marked when some wait for the organizer. */
function UnsentBadge() {
  const summary = unsentSummary(editQueries.useQuery('list', {}).value?.data ?? null);
  if (summary === null) return null;
  const attention = summary.attentionCount > 0;
  return (
    <span className={attention ? 'nav-count attention' : 'nav-count'} data-testid="nav-edits-count">
      {summary.count}
      <span className="visually-hidden">
        {' '}
        not sent{attention ? `, ${summary.attentionCount} need you` : ''}
      </span>
    </span>
  );
}

function Sidebar() {
  const openQuickOpen = useOverlays((state) => state.openQuickOpen);
  return (
    <nav className="sidebar" aria-label="Views">
      <span className="brand">Pitside</span>
      <button type="button" className="search-trigger" onClick={() => openQuickOpen()}>
        <Search size={14} aria-hidden="true" />
        Find…
        <kbd aria-hidden="true">{MOD_KEY}K</kbd>
      </button>
      <NavLink to={paths.events()} className="nav-link">
        <CalendarDays size={16} aria-hidden="true" /> Events
      </NavLink>
      <NavLink to={paths.teams()} className="nav-link">
        <Users size={16} aria-hidden="true" /> Teams
      </NavLink>
      <NavLink to="/compare" className="nav-link">
        <GitCompare size={16} aria-hidden="true" /> Compare
      </NavLink>
      <NavLink to={paths.edits()} className="nav-link" data-testid="nav-edits">
        <CloudUpload size={16} aria-hidden="true" /> Edits
        <UnsentBadge />
      </NavLink>
      <NavLink to={paths.settings()} className="nav-link">
        <Settings size={16} aria-hidden="true" /> Settings
      </NavLink>
      <UpdateOffer />
    </nav>
  );
}

function DemoBanner() {
  const mode = useSetupState().value?.mode;
  if (mode !== 'demo') return null;
  return (
    <p className="demo-banner" data-testid="demo-banner">
      <strong>Demo data.</strong> Everything here comes from Pitside’s built-in demo service.
      <NavLink to={paths.settings()}>Connect to a real service</NavLink>
    </p>
  );
}

function Views() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={paths.events()} replace />} />
      <Route path="/events" element={<EventsView />} />
      <Route path="/events/new" element={<EventFormView />} />
      <Route path="/events/:eventId" element={<EventView />} />
      <Route path="/events/:eventId/edit" element={<EventFormView />} />
      <Route path="/edits" element={<EditsView />} />
      <Route path="/edits/:editId/fix" element={<FixEditView />} />
      <Route path="/teams" element={<TeamsView />} />
      <Route path="/teams/:teamNumber" element={<TeamView />} />
      <Route path="/compare" element={<CompareView />} />
      <Route path="/settings" element={<SettingsView />} />
      <Route path="/changes" element={<DigestView />} />
      <Route
        path="*"
        element={
          <>
            <h1>Not found</h1>
            <StateMessage kind="empty">
              Nothing lives at this address. Open the events list to go on.
            </StateMessage>
          </>
        }
      />
    </Routes>
  );
}

export function App() {
  useAppStartup();
  useGlobalShortcuts();
  useFocusOnNavigate();
  const read = useSetupState();
  const setup = read.value;
  const loadError = read.value === null ? read.error : null;

  return (
    <div
      className="shell"
      data-testid="app-shell"
      data-ready={setup !== null || loadError !== null}
    >
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      {setup?.mode === 'first-run' ? (
        <main id="main" className="content" tabIndex={-1} style={{ gridColumn: '1 / -1' }}>
          <FirstRun />
        </main>
      ) : (
        <>
          <Sidebar />
          <main id="main" className="content" tabIndex={-1}>
            {loadError !== null && (
              <StateMessage kind="error">Pitside could not start: {loadError}</StateMessage>
            )}
            <DemoBanner />
            {setup !== null && <Views />}
          </main>
        </>
      )}
      <SyncBar />
      <QuickOpen />
      <ShortcutsDialog />
      <NoticeToast />
      <NotificationToast />
    </div>
  );
}

import {
  Download,
  GitCompare,
  Keyboard,
  Moon,
  RefreshCw,
  Settings,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { paths } from '../../routes';
import { useActions } from '../../stores/actions';
import { useExportTarget } from '../../stores/export-target';
import { shownTheme, usePreferences } from '../../stores/preferences';
import { useOverlays } from '../../stores/quick-open';
import { selectOffline, useSyncStatus } from '../../stores/sync-status';
import type { CompareLocationState } from '../../views/CompareView';
import { MOD_KEY } from '../SyncBar';
import { usePickListAddActions } from './pick-list-actions';
import { useProfileSwitchActions } from './profile-actions';

/** What quick open does after an action: where focus goes once the dialog has closed. */
export type AfterAction = 'restore' | 'view' | 'none';

export interface QuickAction {
  /** cmdk's value for the option: `action:<id>`. */
  value: string;
  label: string;
  icon: LucideIcon;
  /** As shown ("Ctrl+S") and as `aria-keyshortcuts` says it. */
  shortcut?: { shown: string; aria: string };
  /** More words it is found by ("theme", "csv", …). */
  keywords: string;
  /** `restore`: back to where focus was; `view`: the view it opened takes focus. */
  after: AfterAction;
  run: () => void;
}

function matches(action: QuickAction, words: readonly string[]): boolean {
  const haystack = `${action.label} ${action.keywords}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * The actions quick open offers for the text typed: all of them for no text, those whose label
 * or keywords hold every word otherwise. "Compare <n> with…" is there on a team's page and
 * whenever the text is a cached team's number (`typedTeam`).
 */
export function useQuickActions(query: string, typedTeam: number | null): QuickAction[] {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const theme = usePreferences((state) => state.theme);
  const setTheme = usePreferences((state) => state.setTheme);
  const exportTarget = useExportTarget((state) => state.target);
  const exportList = useActions((state) => state.exportList);
  const syncNow = useSyncStatus((state) => state.syncNow);
  const offline = useSyncStatus(selectOffline);
  const setShortcuts = useOverlays((state) => state.setShortcuts);
  const profileSwitches = useProfileSwitchActions();

  const pageTeam = Number(matchPath('/teams/:teamNumber', pathname)?.params.teamNumber);
  const compareTeam = typedTeam ?? (Number.isInteger(pageTeam) ? pageTeam : null);
  const next = shownTheme(theme) === 'dark' ? 'light' : 'dark';
  const pickAdds = usePickListAddActions(query, compareTeam);

  const actions: QuickAction[] = [];
  // Offline no sync can reach the service: the bar says it syncs by itself once it can.
  if (!offline) {
    actions.push({
      value: 'action:sync',
      label: 'Sync now',
      icon: RefreshCw,
      shortcut: { shown: `${MOD_KEY}S`, aria: 'Control+S Meta+S' },
      keywords: 'refresh update download',
      after: 'restore',
      run: () => void syncNow(),
    });
  }
  if (compareTeam !== null) {
    const state: CompareLocationState = { focusAdd: true };
    actions.push({
      value: `action:compare:${compareTeam}`,
      label: `Compare ${compareTeam} with…`,
      icon: GitCompare,
      keywords: 'compare versus side by side',
      after: 'none',
      run: () => void navigate(paths.compare([compareTeam]), { state }),
    });
  }
  actions.push(...pickAdds);
  if (exportTarget !== null) {
    actions.push({
      value: 'action:export',
      label: 'Export this list',
      icon: Download,
      keywords: 'csv save file spreadsheet',
      after: 'restore',
      run: () => void exportList(exportTarget),
    });
  }
  actions.push(
    ...profileSwitches,
    {
      value: 'action:theme',
      label: next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme',
      icon: next === 'dark' ? Moon : Sun,
      keywords: 'theme appearance colour color mode',
      after: 'restore',
      run: () => void setTheme(next),
    },
    {
      value: 'action:settings',
      label: 'Go to settings',
      icon: Settings,
      keywords: 'preferences service key scope cache',
      after: 'view',
      run: () => void navigate(paths.settings()),
    },
    {
      value: 'action:shortcuts',
      label: 'Keyboard shortcuts',
      icon: Keyboard,
      shortcut: { shown: '?', aria: '?' },
      keywords: 'keys help',
      after: 'none',
      run: () => setShortcuts(true),
    },
  );

  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return actions;
  return actions.filter(
    (action) =>
      matches(action, words) ||
      (typedTeam !== null && action.value === `action:compare:${typedTeam}`),
  );
}

import type { UpdateMode, UpdateOffReason, UpdateState } from '../../../../shared/ipc/updates';

const OFF_WORDS: Record<UpdateOffReason, string> = {
  'not-packaged':
    'Updates are off: this copy of Pitside runs from source (the preview or npm start), so there is no installed app to update.',
  'mac-app-store': 'The Mac App Store updates Pitside.',
  'windows-store': 'The Microsoft Store updates Pitside.',
  'unsupported-package':
    'This Linux build cannot update itself. Install the AppImage or the deb package to get updates.',
  'unsupported-platform': 'Pitside cannot update itself on this system.',
  'no-feed': 'Updates are off until you enter an update feed below.',
};

export function offWords(reason: UpdateOffReason): string {
  return OFF_WORDS[reason];
}

/** What updates the app where Pitside itself only tells. */
function packageManager(mode: UpdateMode): string {
  return mode.kind === 'notify-only' && mode.packageType === 'rpm' ? 'dnf' : 'apt';
}

/** One line for Settings: where the updater stands now. */
export function statusWords(state: UpdateState, checkedAt: (iso: string) => string): string {
  const { status, mode } = state;
  if (mode.kind === 'off') return offWords(mode.reason);
  switch (status.state) {
    case 'idle':
      return state.lastChecked === null
        ? 'Not checked yet.'
        : `Up to date. Last checked ${checkedAt(state.lastChecked)}.`;
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `Version ${status.version} found. Downloading it in the background.`;
    case 'downloading':
      return `Downloading version ${status.version}: ${Math.floor(status.percent)}%.`;
    case 'downloaded':
      return `Version ${status.version} is ready. Restart to update.`;
    case 'notify-only':
      return `Version ${status.version} is out. Your package manager (${packageManager(mode)}) updates it.`;
    case 'error':
      return `Could not check for updates: ${status.message}`;
  }
}

/** The shell's offer, when there is one: a version ready to install, or out for the package manager. */
export type UpdateOffer =
  | { kind: 'restart'; version: string; text: string }
  | { kind: 'out'; version: string; text: string };

export function updateOffer(state: UpdateState | null): UpdateOffer | null {
  if (state === null) return null;
  const { status } = state;
  if (status.state === 'downloaded') {
    return { kind: 'restart', version: status.version, text: `Version ${status.version} is ready` };
  }
  if (status.state === 'notify-only') {
    return {
      kind: 'out',
      version: status.version,
      text: `Version ${status.version} is out. Your package manager (${packageManager(state.mode)}) updates it.`,
    };
  }
  return null;
}

/** The question before restarting with edits not sent. */
export function unsentRestartWords(unsent: number): string {
  const edits = unsent === 1 ? '1 edit is' : `${unsent} edits are`;
  return `${edits} not sent yet. ${unsent === 1 ? 'It is' : 'They are'} kept, and ${unsent === 1 ? 'goes' : 'go'} out with the first sync after the restart.`;
}

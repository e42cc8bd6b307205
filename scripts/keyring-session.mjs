// A private D-Bus session with a throw-away, unlocked gnome-keyring for the keychain tests, so
// they use a real Secret Service without touching the user's own keyring. The script that calls
// `withKeyringSession` runs again inside the session; the first run waits and exits with it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSIDE_SESSION = 'PITSIDE_TEST_SESSION';
const KEYRING_PACKAGES = 'dbus dbus-x11 gnome-keyring libsecret-tools';

export function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function enterKeyringSession() {
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((tool) => !onPath(tool));
  if (missing.length > 0) {
    if (process.env.DBUS_SESSION_BUS_ADDRESS) {
      console.warn(`[test] ${missing.join(', ')} not found: using the desktop session's keyring.`);
      return null;
    }
    console.error(
      `[test] The keychain tests need a Secret Service, and ${missing.join(' and ')} is missing.\n` +
        `       On Debian or Ubuntu: sudo apt-get install ${KEYRING_PACKAGES}`,
    );
    process.exit(1);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'pitside-keyring-'));
  const runtime = join(scratch, 'run');
  mkdirSync(join(scratch, 'data'));
  mkdirSync(runtime, { mode: 0o700 });
  const result = spawnSync('dbus-run-session', ['--', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      [INSIDE_SESSION]: '1',
      XDG_DATA_HOME: join(scratch, 'data'),
      XDG_RUNTIME_DIR: runtime,
    },
  });
  rmSync(scratch, { recursive: true, force: true });
  return result.status ?? 1;
}

function unlockKeyring() {
  // --unlock reads the new keyring's password from stdin and creates the login collection.
  const daemon = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'pitside-test-keyring',
    encoding: 'utf8',
  });
  for (const line of (daemon.stdout ?? '').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] = match[2];
  }
  if (daemon.status !== 0) {
    console.error(`[test] gnome-keyring-daemon failed to start: ${daemon.stderr}`);
    process.exit(1);
  }
}

/**
 * On Linux, moves the calling script into the session (it exits there with the inner run's
 * status) or, inside it, unlocks the keyring; elsewhere the system keychain is used as it is.
 */
export function withKeyringSession() {
  if (process.platform !== 'linux') return;
  if (process.env[INSIDE_SESSION] !== '1') {
    const status = enterKeyringSession();
    if (status !== null) process.exit(status);
  } else {
    unlockKeyring();
  }
}

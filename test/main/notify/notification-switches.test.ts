import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_FILE,
  NotificationSwitchesFile,
} from '../../../src/main/notify/notification-switches';
import { ALL_NOTIFICATIONS_ON } from '../../../src/shared/ipc/notifications';

const dirs: string[] = [];
function dir(): string {
  const made = mkdtempSync(join(tmpdir(), 'pitside-switches-'));
  dirs.push(made);
  return made;
}
afterEach(() => {
  for (const made of dirs.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe('the notification switches file', () => {
  it('starts all on, and keeps a change across a restart, written whole', async () => {
    const data = dir();
    const switches = new NotificationSwitchesFile(data);
    expect(switches.get()).toEqual(ALL_NOTIFICATIONS_ON);
    await switches.set({ matchSoon: false });
    expect(new NotificationSwitchesFile(data).get()).toEqual({
      ...ALL_NOTIFICATIONS_ON,
      matchSoon: false,
    });
    expect(readdirSync(data)).toEqual([NOTIFICATIONS_FILE]);
  });

  it('reads a broken file as all on, says so, and leaves it for the next write', () => {
    const data = dir();
    writeFileSync(join(data, NOTIFICATIONS_FILE), '{"eventLive": "yes"');
    const reports: string[] = [];
    const switches = new NotificationSwitchesFile(data, (where) => reports.push(where));
    expect(switches.get()).toEqual(ALL_NOTIFICATIONS_ON);
    expect(reports).toEqual(['notifications']);
    expect(readFileSync(join(data, NOTIFICATIONS_FILE), 'utf8')).toBe('{"eventLive": "yes"');
  });
});

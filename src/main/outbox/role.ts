import type { Statement } from 'better-sqlite3';
import type { KeyRole } from '../../shared/ipc/edits';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { ChangeRecorder } from '../cache/change-log';
import type { AppDatabase } from '../storage/database';

export interface RoleKnowledge {
  /** `null` until the service has said anything about it. */
  role: KeyRole | null;
  learnedAt: string | null;
}

/** What an answer to a write says about the key's role. */
export type RoleEvidence =
  'edit-allowed' | 'edit-forbidden' | 'delete-allowed' | 'delete-forbidden';

const SETTING = 'service.role';
const UNKNOWN: RoleKnowledge = { role: null, learnedAt: null };

/** The role that evidence leaves, given what was known before. */
export function learnedRole(before: KeyRole | null, evidence: RoleEvidence): KeyRole {
  switch (evidence) {
    case 'delete-allowed':
      return 'admin';
    case 'edit-forbidden':
      return 'viewer';
    case 'edit-allowed':
      return before === 'admin' ? 'admin' : 'organizer';
    case 'delete-forbidden':
      return before === 'viewer' ? 'viewer' : 'organizer';
  }
}

/** Whose role: a service, and the key (by its tag, never the key itself) the answers were to. */
export interface RoleHolder {
  scope: string;
  keyTag: string | null;
}

/**
 * The key's role at a service, as its answers showed it (the interface has no "who am I"), kept
 * in the cache's settings with the service and the key it belongs to: another service, or another
 * key at the same service, starts unknown.
 */
export class RoleMemory {
  private readonly read: Statement<[string], string>;
  private readonly write: Statement<[string, string]>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
  ) {
    this.read = db.prepare<[string], string>('SELECT value FROM settings WHERE name = ?').pluck();
    this.write = db.prepare(`INSERT INTO settings (name, value) VALUES (?, ?)
      ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
  }

  get(holder: RoleHolder | null): RoleKnowledge {
    const text = this.read.get(SETTING);
    if (holder === null || text === undefined) return UNKNOWN;
    // Kept before keys were told apart: no `keyTag`, so it matches no key and is learned again.
    const held = JSON.parse(text) as RoleKnowledge & Partial<RoleHolder>;
    return held.scope === holder.scope && held.keyTag === holder.keyTag
      ? { role: held.role, learnedAt: held.learnedAt }
      : UNKNOWN;
  }

  learn(holder: RoleHolder, evidence: RoleEvidence, at: string): void {
    const before = this.get(holder).role;
    const role = learnedRole(before, evidence);
    this.write.run(SETTING, JSON.stringify({ ...holder, role, learnedAt: at }));
    if (role !== before) this.changes.record('outbox');
  }
}

/** An event code no service hands out: codes begin with their season's year. */
const PROBE_EVENT = 'pitsiderolecheck';

/**
 * Asks the service what the key may do without changing anything: an empty update and a delete
 * of an event that does not exist. A service that checks the role first (the reference service
 * does) answers 403 where the key may not, and 404 where it may. One that looks for the event
 * first answers 404 to both, which reads as admin; the first real edit's answer corrects that
 * (a 403 there is learned too), so the worst case is an action shown that the service refuses.
 */
export async function probeRole(client: ApiClient, signal?: AbortSignal): Promise<RoleEvidence[]> {
  const evidence: RoleEvidence[] = [];
  const tell = async (
    attempt: () => Promise<unknown>,
    allowed: RoleEvidence,
    forbidden: RoleEvidence,
  ) => {
    try {
      await attempt();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'forbidden') evidence.push(forbidden);
      else if (error.code === 'not_found') evidence.push(allowed);
      else throw error;
    }
  };
  await tell(
    () => client.updateEvent(PROBE_EVENT, {}, { signal }),
    'edit-allowed',
    'edit-forbidden',
  );
  if (!evidence.includes('edit-forbidden')) {
    await tell(
      () => client.deleteEvent(PROBE_EVENT, { signal }),
      'delete-allowed',
      'delete-forbidden',
    );
  }
  return evidence;
}

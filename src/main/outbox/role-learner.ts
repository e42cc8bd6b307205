import { formatTimestamp } from '../../shared/wire/formats';
import type { ApiClient } from '../api/client';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';
import { probeRole, RoleMemory, type RoleEvidence, type RoleKnowledge } from './role';

/** A role learned longer ago than this is asked again: an administrator may change it. */
const ROLE_MAX_AGE_MS = 24 * 60 * 60_000;

export interface RoleLearnerOptions {
  writer: AppDatabase;
  queue: WriteQueue;
  /** The service the key's role is kept for; none: nothing to learn. */
  scope: () => string | null;
  connect: () => Promise<ApiClient>;
  now: () => Date;
}

/**
 * What the key may do at the current service: learned from every write's answer, and asked in the
 * background when a view wants to know and it is unknown or a day old.
 */
export class RoleLearner {
  private readonly memory: RoleMemory;
  private probe: Promise<void> | null = null;

  constructor(private readonly options: RoleLearnerOptions) {
    this.memory = new RoleMemory(options.writer, options.queue.changes);
  }

  get known(): RoleKnowledge {
    return this.memory.get(this.options.scope());
  }

  /** Resolves once no probe is under way. */
  idle(): Promise<void> {
    return this.probe ?? Promise.resolve();
  }

  /** What one answer says, kept for `scope` unless the service changed meanwhile. */
  learn(scope: string, evidence: RoleEvidence): Promise<void> {
    const at = formatTimestamp(this.options.now());
    return this.options.queue.runFirst(() => {
      if (this.options.scope() === scope) this.memory.learn(scope, evidence, at);
    });
  }

  /**
   * Asks the service with two requests that change nothing (see `probeRole`). Not knowing is no
   * failure: the organizer actions then show, and the first real edit's answer teaches the role.
   */
  learnInBackground(): void {
    const scope = this.options.scope();
    if (scope === null || this.probe !== null) return;
    const known = this.memory.get(scope);
    const age =
      known.learnedAt === null
        ? Infinity
        : this.options.now().getTime() - Date.parse(known.learnedAt);
    if (known.role !== null && age < ROLE_MAX_AGE_MS) return;
    this.probe = (async () => {
      try {
        const client = await this.options.connect();
        for (const evidence of await probeRole(client)) await this.learn(scope, evidence);
      } catch {
        // Offline, no key, no service: the next view that asks tries again.
      } finally {
        this.probe = null;
      }
    })();
  }
}

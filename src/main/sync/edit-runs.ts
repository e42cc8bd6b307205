import type { ApiClient } from '../api/client';
import type { WriteQueue } from '../cache/write-queue';
import type { RoleLearner } from '../outbox/role-learner';
import { probeRole } from '../outbox/role';
import { findLostChanges } from '../outbox/lost-changes';
import { leasesOf } from '../outbox/send-leases';
import type { OutboxWriter } from '../outbox/outbox-writer';
import {
  OutboxStopped,
  sendContext,
  sendOutbox,
  type OutboxSummary,
  type SenderOptions,
} from '../outbox/sender';
import type { SentCheckTiming } from '../outbox/sent-checks';

/** How long after a save its edit waits for more saves before it goes out with them. */
const EDIT_SEND_DELAY_MS = 1_500;
/** How soon a second look the last run could not make is tried again. */
const LOOK_RETRY_MS = 30_000;

/** What of the sync engine the edits' runs need: its runs, which send the outbox first. */
export interface EditRunsHost {
  /** Starts a run of the edits alone; `false` when one is going or the engine is switching. */
  startEditsOnly(): boolean;
  /** The run or change of service under way; null when there is none. */
  busy(): Promise<unknown> | null;
  isClosed(): boolean;
}

export interface EditRunsOptions {
  host: EditRunsHost;
  writer: OutboxWriter;
  queue: WriteQueue;
  roles: RoleLearner;
  /** The service edits are made for now; none: no edits. */
  editScope: () => string | null;
  now: () => Date;
  onRenamed?: (from: string, to: string) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  sentChecks?: SentCheckTiming;
}

/**
 * The organizers' side of the sync engine: the outbox phase of every run, and the runs of the
 * edits alone that go out between scheduled syncs (shortly after a save, and when the second look
 * at a write sent without a validator falls due).
 */
export class EditRuns {
  private sendTimer: { dueAt: number; timer: NodeJS.Timeout } | null = null;
  /** When runs of the edits alone are owed (epoch ms): each end of an undo window, and `afterSaves`. */
  private readonly dues = new Set<number>();
  /** The run owed after the last save; moved later by each save of a burst. */
  private afterSaves: number | null = null;
  private lookTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: EditRunsOptions) {}

  /**
   * Sends the outbox of `scope` as a run's first phase. `OutboxStopped` when the run cannot go
   * on (no network, key refused), with what was done.
   */
  async send(client: ApiClient, scope: string, signal: AbortSignal): Promise<OutboxSummary> {
    let summary: OutboxSummary | null = null;
    try {
      summary = await sendOutbox(this.senderOptions(client, scope, signal));
      return summary;
    } catch (error) {
      if (error instanceof OutboxStopped) summary = error.summary;
      throw error;
    } finally {
      if (summary !== null && summary.checking > 0) this.armLooks(scope);
      // An edit whose request a canceled run left on its way goes out (or is found) once that
      // request can no longer arrive, not at the next scheduled sync.
      const abandoned = leasesOf(this.options.queue).lastEndsIn();
      if (abandoned !== null) this.soon(abandoned);
    }
  }

  /**
   * After a run's pulls: what the service no longer has of what this computer's edits sent (a
   * service restored from an older copy) is told once, each loss a failed edit in `summary`.
   */
  async findLost(
    client: ApiClient,
    scope: string,
    signal: AbortSignal,
    summary: OutboxSummary,
  ): Promise<OutboxSummary> {
    const { roles } = this.options;
    // Asked of the service, not taken from memory: a key's role can be lowered under it.
    const seesPrivate = async () => {
      try {
        for (const evidence of await probeRole(client, signal)) {
          await roles.learn(scope, client, evidence);
        }
      } catch (error) {
        if (signal.aborted) throw error;
        return false;
      }
      const { role } = await roles.known();
      return role === 'organizer' || role === 'admin';
    };
    const context = sendContext(this.senderOptions(client, scope, signal));
    const lost = await findLostChanges(context, seesPrivate);
    return lost === 0 ? summary : { ...summary, failed: summary.failed + lost };
  }

  private senderOptions(client: ApiClient, scope: string, signal: AbortSignal): SenderOptions {
    const { options } = this;
    return {
      client,
      writer: options.writer,
      queue: options.queue,
      scope,
      currentScope: options.editScope,
      onRenamed: options.onRenamed,
      sleep: options.sleep,
      now: options.now,
      signal,
      onRoleEvidence: (evidence) => options.roles.learn(scope, client, evidence),
      ...(options.sentChecks === undefined ? {} : { sentChecks: options.sentChecks }),
    };
  }

  /**
   * A saved edit goes out within a moment when the service can be reached, not at the next
   * scheduled run: a run of the edits alone, shortly after the last save (saves come in bursts),
   * or right after the run under way, which sent the outbox as it was when it began. With
   * `delayMs` (the end of an undo window, a look due), the run is owed at that time whatever comes
   * after: a later save never pushes it back, and an earlier one never drops it.
   */
  soon(delayMs?: number): void {
    if (this.options.host.isClosed() || this.options.editScope() === null) return;
    const dueAt = Date.now() + (delayMs ?? EDIT_SEND_DELAY_MS);
    if (delayMs === undefined) {
      if (this.afterSaves !== null) this.dues.delete(this.afterSaves);
      this.afterSaves = dueAt;
    }
    this.dues.add(dueAt);
    this.armSend();
  }

  /** The send timer, set for the earliest run owed. */
  private armSend(): void {
    const dueAt = Math.min(...this.dues);
    if (this.sendTimer?.dueAt === dueAt) return;
    if (this.sendTimer !== null) clearTimeout(this.sendTimer.timer);
    if (!Number.isFinite(dueAt)) {
      this.sendTimer = null;
      return;
    }
    const timer = setTimeout(() => this.sendDue(dueAt), Math.max(0, dueAt - Date.now()));
    timer.unref();
    this.sendTimer = { dueAt, timer };
  }

  /** A run owed now: it sends every edit not held, so the saves' run is owed no longer either. */
  private sendDue(dueAt: number): void {
    this.sendTimer = null;
    for (const each of this.dues) if (each <= dueAt) this.dues.delete(each);
    if (this.afterSaves !== null) this.dues.delete(this.afterSaves);
    this.afterSaves = null;
    const { host } = this.options;
    const busy = host.busy();
    if (busy !== null) void busy.finally(() => this.soon(0));
    else host.startEditsOnly();
    this.armSend();
  }

  /** When the next second look at a write sent without a validator is due (an ISO time); null: none. */
  nextLook(): Promise<string | null> {
    const scope = this.options.editScope();
    if (scope === null) return Promise.resolve(null);
    return this.options.queue.runFirst(() => this.options.writer.sentChecks.nextDue(scope));
  }

  stop(): void {
    if (this.sendTimer !== null) clearTimeout(this.sendTimer.timer);
    this.sendTimer = null;
    this.dues.clear();
    if (this.lookTimer !== null) clearTimeout(this.lookTimer);
  }

  /**
   * Writes sent to a service without ETags get a second look a little later (`sent-checks.ts`): a
   * run of the edits alone when the first is due, so that a write that crossed one is shown within
   * moments, not at the next scheduled sync.
   */
  private armLooks(scope: string): void {
    void this.options.queue
      .runFirst(() => this.options.writer.sentChecks.nextDue(scope))
      .then((due) => {
        if (due === null || this.options.host.isClosed()) return;
        if (this.lookTimer !== null) clearTimeout(this.lookTimer);
        // A look already due after a run is one the run could not make (offline, say): it is
        // tried again a while later, not in a loop of runs that fail at once.
        const untilDue = Date.parse(due) - Date.now();
        const delayMs = untilDue > 0 ? untilDue + 50 : LOOK_RETRY_MS;
        this.lookTimer = setTimeout(() => {
          this.lookTimer = null;
          this.soon(0);
        }, delayMs);
        this.lookTimer.unref();
      })
      .catch(() => undefined);
  }
}

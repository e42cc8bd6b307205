import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower than main the analysis runs (Unix niceness: higher is lower). */
const BELOW_MAIN = 10;
const LOWEST = 19;

/**
 * Lowers the calling thread's scheduling priority, where the OS can do that for one thread: on
 * Linux every thread is a task with an id of its own, which /proc/thread-self names. Elsewhere the
 * same call takes a process id and would lower the whole app, so it does nothing there. False
 * when nothing was changed.
 */
export function lowerThreadPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, Math.min(getPriority(threadId) + BELOW_MAIN, LOWEST));
    return true;
  } catch {
    // A system that refuses (a sandbox, a container's policy) leaves it as it was: only slower.
    return false;
  }
}

import { useState } from 'react';
import { describeError } from '../../api';

/**
 * One outbox action of one edit: busy while main answers, and its refusal in words next to the
 * edit it concerns (a `sending` edit that cannot be discarded says why right there).
 */
export function useEditAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setProblem(null);
    try {
      await work();
      return true;
    } catch (error) {
      setProblem(describeError(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

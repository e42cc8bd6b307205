import type { EditsElsewhereGroup, EditView } from '../../../../shared/ipc/edits';
import { needsAttention } from '../../../../shared/ipc/edits';
import { unsentCount } from '../../stores/edits';

/*
 * What the sync bar and the sidebar say about the outbox, and whether closing the page should be
 * held back: all from the same list, so the three never disagree.
 */

export interface UnsentSummary {
  count: number;
  /** Edits refused or in conflict: they wait for the organizer, not for the network. */
  attentionCount: number;
  /** "3 edits not sent yet", "2 edits need you", "5 edits not sent yet · 2 need you". */
  text: string;
}

function edits(count: number): string {
  return `${count} edit${count === 1 ? '' : 's'}`;
}

/** `null` when nothing waits: the bar then says nothing about edits. */
export function unsentSummary(list: readonly EditView[] | null): UnsentSummary | null {
  if (list === null) return null;
  const count = unsentCount(list);
  if (count === 0) return null;
  const attentionCount = list.filter(needsAttention).length;
  const need = attentionCount === 1 ? 'needs' : 'need';
  const text =
    attentionCount === 0
      ? `${edits(count)} not sent yet`
      : attentionCount === count
        ? `${edits(attentionCount)} ${need} you`
        : `${edits(count)} not sent yet · ${attentionCount} ${need} you`;
  return { count, attentionCount, text };
}

/**
 * Whether leaving the page (closing the window, quitting, reloading) should ask first: edits of
 * this service or of another not sent. Before a list is read it does not: holding a close back on
 * a guess would be worse than not warning.
 */
export function holdsUnload(
  list: readonly EditView[] | null,
  elsewhere: readonly EditsElsewhereGroup[] | null = null,
): boolean {
  const here = list !== null && unsentCount(list) > 0;
  return here || (elsewhere ?? []).some((group) => group.edits.length > 0);
}

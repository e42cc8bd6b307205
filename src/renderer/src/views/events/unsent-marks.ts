import type { EditView } from '../../../../shared/ipc/edits';
import { needsAttention } from '../../../../shared/ipc/edits';

export interface UnsentMark {
  count: number;
  /** One of them was refused or is in conflict: it waits for the organizer. */
  attention: boolean;
}

/** Which events of a list have edits not sent yet, by code, so their rows can say so. */
export function unsentMarks(edits: readonly EditView[]): Map<string, UnsentMark> {
  const marks = new Map<string, UnsentMark>();
  for (const edit of edits) {
    const mark = marks.get(edit.eventId) ?? { count: 0, attention: false };
    marks.set(edit.eventId, {
      count: mark.count + 1,
      attention: mark.attention || needsAttention(edit),
    });
  }
  return marks;
}

/** "1 edit not sent yet", "2 edits not sent yet; one needs you": the row's marker, read out. */
export function unsentMarkWords({ count, attention }: UnsentMark): string {
  const edits = count === 1 ? '1 edit' : `${count} edits`;
  return `${edits} not sent yet${attention ? '; one needs you' : ''}`;
}

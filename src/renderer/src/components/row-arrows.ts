import type { KeyboardEvent } from 'react';

/**
 * ↑/↓ in a table of links: focus moves to the first link of the row above or below, so a list
 * of rows reads like one with an active row, and Enter opens the focused row's link as any link.
 * Home/End go to the first and last row. Keys with a modifier are left to the rest of the app.
 */
export function moveBetweenRows(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const moves: Record<string, (at: number, count: number) => number> = {
    ArrowDown: (at, count) => Math.min(count - 1, at + 1),
    ArrowUp: (at) => Math.max(0, at - 1),
    Home: () => 0,
    End: (_at, count) => count - 1,
  };
  const move = moves[event.key];
  if (move === undefined) return;
  const row = (event.target as Element).closest('tbody tr');
  const body = row?.parentElement;
  if (row === null || row === undefined || body === null || body === undefined) return;
  const rows = [...body.children].filter((each) => each.querySelector('a[href]') !== null);
  const at = rows.indexOf(row);
  if (at < 0) return;
  event.preventDefault();
  rows[move(at, rows.length)]?.querySelector<HTMLElement>('a[href]')?.focus();
}

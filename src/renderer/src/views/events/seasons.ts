/** The season a date falls in, as the service counts: August starts the next one. */
export function seasonAt(date: Date): string {
  const year = date.getUTCFullYear();
  const first = date.getUTCMonth() >= 7 ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** The current season and the ones before it, newest first: `2026-2027`, `2025-2026`, … */
export function recentSeasons(now: Date, count = 6): string[] {
  const first = Number(seasonAt(now).slice(0, 4));
  return Array.from({ length: count }, (_, back) => `${first - back}-${first - back + 1}`);
}

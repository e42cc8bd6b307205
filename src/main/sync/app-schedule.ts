/**
 * When the app syncs by itself: the first run waits until the cached UI is on screen, later ones
 * follow on this interval. The browser preview keeps the same rhythm.
 */
export const APP_SYNC_SCHEDULE = { startupDelayMs: 1_500, intervalMs: 5 * 60_000 } as const;

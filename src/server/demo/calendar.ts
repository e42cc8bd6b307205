/*
 * Day arithmetic in whole UTC days since the epoch. The demo data is laid out on days rather than
 * instants so that it depends only on the UTC day of `now`, not on the hour it is generated.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function dayOf(instant: Date): number {
  return Math.floor(instant.getTime() / DAY_MS);
}

export function dayOfDate(year: number, month: number, date: number): number {
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

/** 0 = Sunday … 6 = Saturday; the epoch was a Thursday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The latest day not after `day` that falls on `wanted`. */
export function onOrBefore(day: number, wanted: number): number {
  return day - ((weekday(day) - wanted + 7) % 7);
}

/** The earliest day not before `day` that falls on `wanted`. */
export function onOrAfter(day: number, wanted: number): number {
  return day + ((wanted - weekday(day) + 7) % 7);
}

export interface Season {
  /** `2025-2026` */
  label: string;
  firstYear: number;
  /** The usual competition window: from September of the first year to April of the second. */
  firstDay: number;
  lastDay: number;
}

export function seasonStartingIn(firstYear: number): Season {
  return {
    label: `${firstYear}-${firstYear + 1}`,
    firstYear,
    firstDay: dayOfDate(firstYear, 9, 1),
    lastDay: dayOfDate(firstYear + 1, 4, 30),
  };
}

/** The season `day` belongs to: August to December opens a season, January to July closes one. */
export function seasonOf(day: number): Season {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  return seasonStartingIn(date.getUTCMonth() >= 7 ? year : year - 1);
}

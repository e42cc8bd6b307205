import { formatTimestamp } from '../../../../shared/wire/formats';

/*
 * The form takes dates as a person at the venue thinks of them, on their own clock, through
 * `<input type="datetime-local">`, whose value is a wall-clock time with no zone
 * (`2026-03-14T09:00`). The service wants an instant: the form sends the wall-clock time with the
 * offset it had here at that moment (`2026-03-14T09:00:00+13:00`), so what was typed stays
 * readable in the edit, and the service stores it in UTC.
 */

const LOCAL_INPUT_PATTERN =
  /^(\d{4,6})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The zone offset this machine had at `instant`, in whole minutes, measured from the wall clock
 * itself: `getTimezoneOffset` rounds the seconds of old local mean times (New York's −4:56:02
 * before 1883) away, and an offset written from it would name an instant seconds off. `null` for
 * such an offset, which no `±hh:mm` can write.
 */
function offsetMinutesAt(instant: Date): number | null {
  const wallClockAsUtc = new Date(0);
  wallClockAsUtc.setUTCFullYear(instant.getFullYear(), instant.getMonth(), instant.getDate());
  wallClockAsUtc.setUTCHours(
    instant.getHours(),
    instant.getMinutes(),
    instant.getSeconds(),
    instant.getMilliseconds(),
  );
  const offset = wallClockAsUtc.getTime() - instant.getTime();
  return offset % 60_000 === 0 ? offset / 60_000 : null;
}

/** `+13:00`, `-04:00`, `+05:45`. */
function offsetText(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const whole = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** The wall-clock parts of `instant` here, as `datetime-local` writes them; seconds only if any. */
function wallClockOf(instant: Date): string {
  const date = `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
  const seconds = instant.getSeconds();
  const time = `${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
  return `${date}T${time}${seconds === 0 ? '' : `:${pad(seconds)}`}`;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function readLocalInput(text: string): WallClock | null {
  const parts = LOCAL_INPUT_PATTERN.exec(text);
  if (parts === null) return null;
  const [, year, month, day, hour, minute, second = '0'] = parts;
  return {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
}

/**
 * A `datetime-local` value as an ISO 8601 instant with this machine's offset at that moment, or
 * `null` for an empty or unreadable value. A time the clocks skip (02:30 on the night they spring
 * forward) has no offset of its own: it is read as the browser reads it, one hour on, and written
 * as that real time, so the text sent always names the instant it stands for. A time that happens
 * twice (the night they fall back) is the first of the two.
 */
export function localInputToIso(text: string): string | null {
  const typed = readLocalInput(text);
  // Outside these years no ISO text the service reads can name the instant: the typed text is
  // sent as it is, for the service's own message about years.
  if (typed === null || typed.year < 1 || typed.year > 9999) return null;
  const instant = new Date(0);
  // setFullYear, not the Date constructor, which reads the years 0–99 as 1900–1999.
  instant.setFullYear(typed.year, typed.month - 1, typed.day);
  instant.setHours(typed.hour, typed.minute, typed.second, 0);
  if (Number.isNaN(instant.getTime())) return null;
  const offset = offsetMinutesAt(instant);
  // An offset with seconds has no ±hh:mm form; the same instant in UTC is as good to the service.
  if (offset === null) return formatTimestamp(instant);
  const wallClock = wallClockOf(instant);
  const withSeconds = instant.getSeconds() === 0 ? `${wallClock}:00` : wallClock;
  return `${withSeconds}${offsetText(offset)}`;
}

/** An instant as `datetime-local` shows it here (`2026-03-14T09:00`), or `""` if unreadable. */
export function isoToLocalInput(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : wallClockOf(instant);
}

/**
 * The wall-clock time a typed value will really be read as, when the clocks skipped the one
 * typed (so the form can say so), else `null`.
 */
export function clockChangeShift(text: string): string | null {
  const typed = readLocalInput(text);
  const iso = localInputToIso(text);
  if (typed === null || iso === null) return null;
  const shown = new Date(iso);
  if (Number.isNaN(shown.getTime())) return null;
  const same =
    shown.getFullYear() === typed.year &&
    shown.getMonth() === typed.month - 1 &&
    shown.getDate() === typed.day &&
    shown.getHours() === typed.hour &&
    shown.getMinutes() === typed.minute;
  return same ? null : wallClockOf(shown);
}

/** The zone the fields are read in, by name and offset at `at`: "Pacific/Auckland, UTC+13:00". */
export function zoneDescription(at: Date): string {
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${name}, UTC${offsetText(offsetMinutesAt(at) ?? -at.getTimezoneOffset())}`;
}

/**
 * The prefix of the temporary code an event created here goes by until the service names it. No
 * service code has it: those begin with the season's year (decisions.md).
 */
export const LOCAL_EVENT_PREFIX = 'local';

/** A code this app gave an event it created, not yet replaced by the service's. */
export function isLocalEventCode(eventId: string): boolean {
  return eventId.startsWith(LOCAL_EVENT_PREFIX);
}

/** A temporary code for an event created here; it fits the event code pattern, so it goes wherever one does. */
export function newLocalEventCode(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let suffix = '';
  for (let index = 0; index < 12; index += 1) {
    suffix += alphabet[Math.floor(random() * alphabet.length)];
  }
  return `${LOCAL_EVENT_PREFIX}${suffix}`;
}

/**
 * The prefix of the temporary code an event created here goes by until the service names it. No
 * service code has it: those begin with the season's year (decisions.md).
 */
export const LOCAL_EVENT_PREFIX = 'local';

/** A code this app gave an event it created, not yet replaced by the service's. */
export function isLocalEventCode(eventId: string): boolean {
  return eventId.startsWith(LOCAL_EVENT_PREFIX);
}

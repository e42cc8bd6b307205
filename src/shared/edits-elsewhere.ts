/*
 * Edits kept for a service other than the one shown: another service's address in the same
 * cache, or the demo's edits while a real service is shown (and the other way round). They are
 * never sent from here and never deleted by a switch; these words say so the same way in the
 * edits panel, the switch's question, the quit question and the command line.
 */

/** The service the demo's edits are kept for: its address changes at every launch. */
export const DEMO_EDIT_SCOPE = 'demo';

/** One service's edits not sent yet: those a sync sends, and those refused or in conflict. */
export interface KeptEdits {
  service: string;
  waiting: number;
  attention: number;
}

/** "the demo", or the service's address. */
export function serviceName(service: string): string {
  return service === DEMO_EDIT_SCOPE ? 'the demo' : service;
}

export function editCount(count: number): string {
  return count === 1 ? '1 edit' : `${count} edits`;
}

/**
 * "2 edits for https://x are kept; they go out when you switch back to it." Refused and
 * conflicting edits do not go out by themselves, so a group with any of them is only "kept".
 * `back` is how that service is shown again: the command line syncs with it.
 */
export function keptEditsSentence(
  { service, waiting, attention }: KeptEdits,
  back = 'switch back to it',
): string {
  const count = waiting + attention;
  const one = count === 1;
  const kept = `${editCount(count)} for ${serviceName(service)} ${one ? 'is' : 'are'} kept`;
  if (attention > 0) return `${kept} until you ${back}.`;
  return `${kept}; ${one ? 'it goes' : 'they go'} out when you ${back}.`;
}

/** "Switch back to https://x to send or change these." */
export function switchBackLine(service: string): string {
  return `Switch back to ${serviceName(service)} to send or change these.`;
}

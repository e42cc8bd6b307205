import { randomInt } from 'node:crypto';

/** Letters and digits a person reads off a screen without mixing them up (no i, l, o, u). */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/**
 * A share key: 100 random bits as four groups of five (`k7m2p-9xq4r-…`), short enough to type
 * from the sharing laptop's screen when no camera reads the QR code. Made anew for each session.
 */
export function newShareKey(): string {
  const groups: string[] = [];
  for (let group = 0; group < GROUPS; group += 1) {
    let text = '';
    for (let index = 0; index < GROUP_LENGTH; index += 1) text += ALPHABET[randomInt(32)];
    groups.push(text);
  }
  return groups.join('-');
}

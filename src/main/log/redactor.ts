import { homedir } from 'node:os';

const REDACTED_KEY = '[key]';

/** An Authorization header's value, however it was written out (a header dump, an inspected object). */
const BEARER = /\bBearer\s+[^\s"'`,;)}\]]+/gi;

/** The demo service's keys, as `demo-service.ts` makes them, whether or not this process made one. */
const DEMO_KEY = /\bdemo-[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/g;

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What must never reach a log: every API key this process has seen, and the person's home
 * directory (a user name, often a real name). Keys are learned where they enter the app (see
 * secret-sources.ts) and removed from each line as it is written, so no caller has to remember to.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  private secretPattern: RegExp | null = null;
  private readonly homePattern: RegExp | null;

  constructor(home: string = homedir()) {
    this.homePattern = homePatternFor(home);
  }

  /** A key to remove from every line from now on; blanks are no key. */
  addSecret(secret: string): void {
    const trimmed = secret.trim();
    if (trimmed === '' || this.secrets.has(trimmed)) return;
    this.secrets.add(trimmed);
    // Longest first, so a key that contains another is removed whole.
    const alternatives = [...this.secrets]
      .sort((a, b) => b.length - a.length)
      .map(escapeForPattern);
    this.secretPattern = new RegExp(alternatives.join('|'), 'g');
  }

  redact(text: string): string {
    let redacted = text.replace(BEARER, `Bearer ${REDACTED_KEY}`).replace(DEMO_KEY, REDACTED_KEY);
    if (this.secretPattern !== null) redacted = redacted.replace(this.secretPattern, REDACTED_KEY);
    if (this.homePattern !== null) redacted = redacted.replace(this.homePattern, '~');
    return redacted;
  }
}

/**
 * The home directory as written in a path, and as an inspected string escapes it on Windows
 * (`C:\\Users\\ana`); not where it is only the start of a longer name (`/home/ana` in `/home/anabel`).
 */
function homePatternFor(home: string): RegExp | null {
  const trimmed = home.replace(/[\\/]+$/, '');
  // `/` or nothing: replacing it would mangle every path.
  if (trimmed.length < 2) return null;
  const forms = new Set([trimmed, trimmed.replace(/\\/g, '\\\\')]);
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeForPattern);
  return new RegExp(`(?:${alternatives.join('|')})(?![A-Za-z0-9_.-])`, 'g');
}

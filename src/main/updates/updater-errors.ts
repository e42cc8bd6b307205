/** Longer than any sentence we show; an updater's message can carry a whole stack or body. */
const MESSAGE_MAX = 200;

/**
 * What went wrong with the feed, in a sentence Settings can show after "Could not check for
 * updates:". electron-updater's own messages carry stacks and response bodies: only the known
 * codes get our words, anything else its first line.
 */
export function describeUpdaterError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') {
    return 'the feed has no release for this system.';
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return 'the feed could not be reached.';
  }
  if (
    code === 'ERR_UPDATER_INVALID_RELEASE_FEED' ||
    code === 'ERR_UPDATER_LATEST_VERSION_NOT_FOUND'
  ) {
    return 'the feed’s answer is not a release.';
  }
  const message = error instanceof Error ? error.message : String(error);
  const [firstLine = ''] = message.split('\n');
  return firstLine.length > MESSAGE_MAX ? `${firstLine.slice(0, MESSAGE_MAX - 1)}…` : firstLine;
}

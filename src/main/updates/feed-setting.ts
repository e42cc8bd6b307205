import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { feedUrlSchema } from '../../shared/ipc/updates';
import { writeFileAtomically } from '../storage/atomic-write';

/**
 * In the data directory beside the app's state, not in a service's cache: the feed belongs to
 * the app, whichever service or profile is shown, and survives clearing a cache.
 */
export const UPDATE_FEED_FILE = 'update-feed.json';

const feedSettingSchema = z.object({ url: feedUrlSchema.nullable() });
export type FeedSetting = z.infer<typeof feedSettingSchema>;

const NO_FEED: FeedSetting = { url: null };

/**
 * The feed entered in Settings. A missing file is no feed; an unreadable or hand-broken one is
 * reported and also means no feed: updates stay off until one is entered again, and the app
 * still starts.
 */
export function loadFeedSetting(
  file: string,
  reportError: (where: string, error: unknown) => void = () => {},
): FeedSetting {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') reportError('update feed', error);
    return NO_FEED;
  }
  try {
    const parsed = feedSettingSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    reportError('update feed', parsed.error);
  } catch (error) {
    reportError('update feed', error);
  }
  return NO_FEED;
}

export async function saveFeedSetting(file: string, setting: FeedSetting): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(feedSettingSchema.parse(setting), null, 2)}\n`);
}

import { create } from 'zustand';
import { PROFILE_NAME_MAX } from '../../../shared/ipc/profiles';

export interface ProfileDraft {
  name: string;
  baseUrl: string;
  /** Tells one offer from the next, so the same share offered twice fills the form again. */
  offer: number;
}

interface ProfileDraftStore {
  draft: ProfileDraft | null;
  /** Fills "Add a profile" with a share found nearby; the person types its key. */
  offerShare: (shareName: string, url: string) => void;
}

/** What "Add a profile" is offered from elsewhere in Settings ("Shares nearby"). */
export const useProfileDraft = create<ProfileDraftStore>()((set, get) => ({
  draft: null,
  offerShare: (shareName, url) =>
    set({
      draft: {
        name: `Venue share: ${shareName}`.slice(0, PROFILE_NAME_MAX).trim(),
        baseUrl: url,
        offer: (get().draft?.offer ?? 0) + 1,
      },
    }),
}));

/**
 * A share's link as its panel shows it (`http://address:port/#key=KEY`): the address and the key,
 * so one paste fills both fields; `null` for any other text.
 */
export function splitShareLink(text: string): { baseUrl: string; key: string } | null {
  const match = /^\s*(https?:\/\/[^\s#]+)#key=([\x21-\x7e]+)\s*$/.exec(text);
  if (match?.[1] === undefined || match[2] === undefined) return null;
  return { baseUrl: match[1], key: match[2] };
}

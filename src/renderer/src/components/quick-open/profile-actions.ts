import { ArrowRightLeft } from 'lucide-react';
import { useProfileActions, useProfiles } from '../../stores/profiles';
import type { QuickAction } from './actions';

/**
 * "Switch to <profile>" for each profile not shown: instant and offline, like Settings' Switch,
 * with nothing to ask (each profile's edits stay in its own cache).
 */
export function useProfileSwitchActions(): QuickAction[] {
  const profiles = useProfiles() ?? [];
  const switchTo = useProfileActions((state) => state.switchTo);
  return profiles
    .filter((profile) => !profile.active)
    .map((profile) => ({
      value: `action:profile:${profile.id}`,
      label: `Switch to ${profile.name}`,
      icon: ArrowRightLeft,
      keywords: `profile service ${profile.url}`,
      after: 'restore',
      run: () => void switchTo(profile.id),
    }));
}

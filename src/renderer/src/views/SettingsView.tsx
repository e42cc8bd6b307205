import { useSetupState } from '../stores/setup';
import '../styles/setup.css';
import { BundleSection } from './setup/BundleSection';
import { ClearCacheSection } from './setup/ClearCacheSection';
import { DataSection } from './setup/DataSection';
import { ProfilesSection } from './setup/ProfilesSection';
import { NotificationsSection } from './setup/NotificationsSection';
import { ServiceSection } from './setup/ServiceSection';
import { ShareSection } from './setup/ShareSection';
import { SyncScopeSection } from './setup/SyncScopeSection';
import { ThemeSection } from './setup/ThemeSection';
import { UpdatesSection } from './setup/UpdatesSection';

/**
 * `#/settings`: the service and its key, the sync scope, sharing at the venue (over the network
 * or as a file), the theme, the cache and the data.
 */
export function SettingsView() {
  const setup = useSetupState().value;
  return (
    <div className="settings" data-testid="settings">
      <h1>Settings</h1>
      {setup !== null && <ServiceSection setup={setup} />}
      <ProfilesSection />
      <SyncScopeSection />
      <ShareSection />
      <BundleSection />
      <ThemeSection />
      <NotificationsSection />
      <ClearCacheSection />
      <UpdatesSection />
      <DataSection />
    </div>
  );
}

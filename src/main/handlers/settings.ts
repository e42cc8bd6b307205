import type { CacheResource } from '../../shared/ipc/resources';
import type { ServiceSettings } from '../../shared/ipc/settings';
import { KeychainUnavailableError, type Credentials } from '../credentials/credentials';
import { overrideFor, type KeyOverride } from '../credentials/key-override';
import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';
import { normaliseServiceUrl } from '../settings/service-url';
import type { SettingsStore } from '../settings/settings-store';
import type { SyncEngine } from '../sync/engine';

/** What every answer here is built from: a change of it is told as `cache:changed`. */
const SETTINGS: CacheResource[] = ['settings'];

export type SettingsCommandName =
  | 'settings:get'
  | 'settings:setService'
  | 'settings:setKey'
  | 'settings:clearKey'
  | 'settings:setScope';

export interface SettingsDeps {
  settings: SettingsStore;
  credentials: Credentials;
  /** A key from outside the keychain, for its one service: it wins there, and only there. */
  keyOverride?: KeyOverride;
  /** The service the sync uses: the settings' address, or the demo service's. */
  serviceUrl: () => string | null;
  engine: SyncEngine;
  /** Tells the renderer the answers changed where no commit says so (a key in the keychain). */
  changed: (resources: CacheResource[]) => void;
}

/**
 * The service settings. The key goes from the form straight into the keychain; every answer says
 * only whether a key is set, so no IPC payload ever carries one back.
 */
export function createSettingsHandlers({
  settings,
  credentials,
  keyOverride,
  serviceUrl,
  engine,
  changed,
}: SettingsDeps): Pick<Handlers, SettingsCommandName> {
  async function describe(): Promise<ServiceSettings> {
    const baseUrl = settings.baseUrl();
    const scope = settings.scope();
    const inUse = serviceUrl();
    const none = {
      baseUrl,
      keptCopyOf: settings.keptCopyOf(),
      key: 'none',
      keySource: 'none',
      keychain: 'available',
      scope,
      builtFrom: SETTINGS,
    } as const;
    if (inUse === null) return none;
    const keyState = () =>
      engine.status().problem?.code === 'unauthorized' ? ('refused' as const) : ('set' as const);
    if (keyOverride !== undefined && overrideFor(keyOverride, inUse) !== null) {
      // The keychain is not asked: the key in use is not there.
      return { ...none, key: keyState(), keySource: keyOverride.from };
    }
    try {
      const key = await credentials.getKey(inUse);
      return key === null ? none : { ...none, key: keyState(), keySource: 'keychain' };
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      return { ...none, keychain: 'unavailable' };
    }
  }

  async function withKeychain(action: (baseUrl: string) => Promise<void>): Promise<void> {
    const baseUrl = settings.baseUrl();
    if (baseUrl === null) {
      throw new IpcFailure('invalid_input', 'Set the service address before its key.');
    }
    try {
      await action(baseUrl);
    } catch (error) {
      if (error instanceof KeychainUnavailableError) {
        throw new IpcFailure('keychain_unavailable', error.message);
      }
      throw error;
    }
  }

  return {
    'settings:get': describe,
    'settings:setService': async ({ baseUrl }) => {
      const next = normaliseServiceUrl(baseUrl);
      if (next !== settings.baseUrl()) {
        // The copy on screen stays until the new service answers with one of its resources,
        // which replaces it whole: an address mistyped, or not reachable from here, costs nothing.
        await engine.changeService(() => settings.changeService(next));
        engine.start({ scope: settings.scope() });
      }
      return describe();
    },
    'settings:setKey': async ({ key }) => {
      await withKeychain((baseUrl) => credentials.setKey(baseUrl, key));
      changed(SETTINGS);
      await engine.keyChanged();
      engine.start({ scope: settings.scope() });
      return describe();
    },
    'settings:clearKey': async () => {
      await withKeychain((baseUrl) => credentials.clearKey(baseUrl));
      changed(SETTINGS);
      await engine.keyChanged();
      return describe();
    },
    'settings:setScope': async ({ scope }) => {
      await settings.setScope(scope);
      return describe();
    },
  };
}

import { AppBundles, type AppBundleOptions, type BundleWorkspace } from '../bundle/app-bundles';
import type { Handlers } from '../ipc/dispatcher';

export const BUNDLE_COMMAND_NAMES = [
  'bundle:get',
  'bundle:export',
  'bundle:choose',
  'bundle:import',
] as const;

export function createBundleHandlers(
  workspace: BundleWorkspace,
  options: AppBundleOptions,
): Pick<Handlers, (typeof BUNDLE_COMMAND_NAMES)[number]> {
  const bundles = new AppBundles(workspace, options);
  return {
    'bundle:get': () => bundles.available(),
    'bundle:export': (choice) => bundles.export(choice),
    'bundle:choose': () => bundles.choose(),
    'bundle:import': ({ token }) => bundles.import(token),
  };
}

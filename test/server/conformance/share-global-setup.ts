import type { TestProject } from 'vitest/node';
import { shareOfService } from './target';
import { startTestServer, TEST_NOW } from '../../harness/server';

/*
 * The "share conformance" project's one share of the demo data, started once for all its files:
 * the demo files only read, and each syncing a copy of its own cost the suite a sync, a demo
 * service and a share per file. Files that write first (events-list) still make their own.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    demoShare: { url: string; key: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const service = await startTestServer({ data: 'demo' });
  const share = await shareOfService(service, TEST_NOW);
  project.provide('demoShare', { url: share.url, key: share.defaultKey ?? '' });
  return () => share.close();
}

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './test/harness/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    // The size the views are designed and screenshotted at.
    viewport: { width: 1366, height: 820 },
    // Figures are compared as the app writes them: in English, with English number formats.
    locale: 'en-US',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    // A trace records every action of every test, kept only if it fails: 18% of the browser
    // tests' CPU (100 CPU-s against 82 on twelve tests, measured). A failure keeps its screenshot
    // and the main process's reports; PITSIDE_E2E_TRACE=1 records traces to look into one.
    trace: process.env.PITSIDE_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});

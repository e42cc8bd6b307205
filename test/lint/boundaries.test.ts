import { ESLint } from 'eslint';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries } from '../../eslint.boundaries.js';

// The same boundary rules the project lints with, without type information so that sample code
// can be linted under any path.
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
    ...boundaries,
  ],
});

async function violations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the process boundaries', () => {
  it.each([
    ['src/renderer/src/x.ts', "import { ipcRenderer } from 'electron';"],
    ['src/renderer/src/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['src/renderer/src/x.ts', "import path from 'path';"],
    ['src/renderer/src/x.ts', "import { openAppDatabase } from '../../main/storage/database';"],
    ['src/renderer/src/x.ts', "import { startServer } from '../../server/start';"],
    ['src/renderer/src/x.ts', "import Database from 'better-sqlite3';"],
    ['src/shared/wire/x.ts', "import { createHash } from 'node:crypto';"],
    ['src/shared/wire/x.ts', "import { useState } from 'react';"],
    ['src/shared/wire/x.ts', "import { app } from 'electron';"],
    ['src/server/x.ts', "import { app } from 'electron';"],
    ['src/main/cache/x.ts', "import { net } from 'electron';"],
    ['src/preload/index.ts', "import { readFileSync } from 'fs';"],
    ['src/main/cache/rows/x.ts', "import type { EventOverlay } from '../../outbox/event-overlay';"],
    ['src/main/cache/x.ts', "import { OutboxRows } from '../outbox/outbox-rows';"],
    ['src/main/cache/x.ts', "import type { SyncEngine } from '../sync/engine';"],
    ['src/renderer/src/views/x/Ask.tsx', "import * as Dialog from '@radix-ui/react-dialog';"],
    ['src/renderer/src/views/x/Ask.tsx', "import { ipcRenderer } from 'electron';"],
    ['src/main/share/x.ts', "import { EventRepository } from '../../server/store/events';"],
    ['src/main/share/x.ts', "import { generateDemo } from '../../server/demo/generate';"],
    ['src/main/share/x.ts', "import { app } from 'electron';"],
    ['src/main/sync/x.ts', "import { registerEventReads } from '../../server/reads/event-reads';"],
  ])('%s may not `%s`', async (path, code) => {
    expect(await violations(path, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/renderer/src/x.ts', "import { commands } from '../../shared/ipc/contract';"],
    ['src/shared/wire/x.ts', "import { z } from 'zod';"],
    ['src/main/window.ts', "import { BrowserWindow } from 'electron';"],
    ['src/main/cache/x.ts', "import type { WebContents } from 'electron';"],
    ['src/main/cache/x.ts', "import Database from 'better-sqlite3';"],
    ['src/preload/index.ts', "import { contextBridge } from 'electron';"],
    ['src/main/cache/x.ts', "import type { SyncStatus } from '../../shared/ipc/sync';"],
    ['src/main/cache/x.ts', "import { SyncStateWriter } from './sync-state-writes';"],
    ['src/main/share/x.ts', "import { registerEventReads } from '../../server/reads/event-reads';"],
    ['src/main/share/x.ts', "import type { PageOf } from '../../server/store/paging';"],
    ['src/main/outbox/x.ts', "import { CacheWriter } from '../cache/writes';"],
    ['src/main/sync/x.ts', "import { OutboxRows } from '../outbox/outbox-rows';"],
    ['src/renderer/src/components/Ask.tsx', "import * as Dialog from '@radix-ui/react-dialog';"],
    [
      'src/renderer/src/views/x/Ask.tsx',
      "import { ConfirmDialog } from '../../components/ConfirmDialog';",
    ],
  ])('%s may `%s`', async (path, code) => {
    expect(await violations(path, code)).toEqual([]);
  });

  it('hold for src/main/cache as written: it imports nothing built on the cache', async () => {
    const results = await eslint.lintFiles(['src/main/cache/**/*.ts']);
    const crossings = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(10);
    expect(crossings).toEqual([]);
  });
});

describe('the windows’ web preferences', () => {
  it.each([
    'new BrowserWindow({ width: 800 });',
    'new BrowserWindow();',
    'new BrowserWindow({ webPreferences: { sandbox: false } });',
    'new BrowserWindow({ webPreferences: { ...secureWebPreferences(p), sandbox: false } });',
    'new WebContentsView({ webPreferences: { nodeIntegration: true } });',
  ])('src/main may not `%s`', async (code) => {
    expect(await violations('src/main/x.ts', code)).toContain('no-restricted-syntax');
  });

  it('src/main may open a window with the shared preferences', async () => {
    const code = 'new BrowserWindow({ show: false, webPreferences: secureWebPreferences(p) });';
    expect(await violations('src/main/x.ts', code)).toEqual([]);
  });

  // `npm run lint` applies the rule to every file; this checks the files that open a window.
  it('hold for the files of src/main that open a window', async () => {
    const opening = readdirSync('src/main', { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts'))
      .map((path) => join('src/main', path))
      .filter((path) =>
        /new (BrowserWindow|BrowserView|WebContentsView)\b/.test(readFileSync(path, 'utf8')),
      );
    expect(opening).toContain(join('src/main', 'window.ts'));
    const results = await eslint.lintFiles(opening);
    const windows = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'no-restricted-syntax')
        .map((message) => `${result.filePath}:${message.line}`),
    );
    expect(windows).toEqual([]);
  });
});

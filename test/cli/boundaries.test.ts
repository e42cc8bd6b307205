import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries } from '../../eslint.boundaries.js';

// The project's boundary rules alone, without type information, so sample code lints under any path.
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    ...boundaries,
  ],
});

async function ruleIds(code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/cli/x.ts' });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('the command line boundary', () => {
  it.each([
    "import { app } from 'electron';",
    "import type { WebContents } from 'electron';",
    "import { startServer } from '../server/start';",
    "import { commands } from '../renderer/src/api';",
  ])('src/cli may not `%s`', async (code) => {
    expect(await ruleIds(code)).toContain('no-restricted-imports');
  });

  it.each([
    "import { SyncEngine } from '../main/sync/engine';",
    "import { parseArgs } from 'node:util';",
    "import Database from 'better-sqlite3';",
  ])('src/cli may `%s`', async (code) => {
    expect(await ruleIds(code)).toEqual([]);
  });
});

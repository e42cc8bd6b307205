import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries } from '../../../eslint.boundaries.js';

// The project's boundary rules alone, without type information, so sample code lints under any path.
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    ...boundaries,
  ],
});

async function ruleIds(path: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

const DEMO_SERVICE = 'src/main/profiles/demo-service.ts';

describe('the embedded demo service’s exception to the main/server boundary', () => {
  it.each([
    "import { startServer } from '../../server/start';",
    "import type { ServerConfig } from '../../server/config';",
  ])('the demo service may `%s`', async (code) => {
    expect(await ruleIds(DEMO_SERVICE, code)).toEqual([]);
  });

  it.each([
    [DEMO_SERVICE, "import { importDataset } from '../../server/store/import';"],
    [DEMO_SERVICE, "import { app } from 'electron';"],
    [DEMO_SERVICE, "import { createBridge } from '../../preload/index';"],
    ['src/main/profiles/workspace.ts', "import { startServer } from '../../server/start';"],
    ['src/main/index.ts', "import { startServer } from '../server/start';"],
  ])('%s may not `%s`', async (path, code) => {
    expect(await ruleIds(path, code)).toContain('no-restricted-imports');
  });
});

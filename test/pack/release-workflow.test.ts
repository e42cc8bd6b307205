import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRE_ENV } from '../../scripts/native-abi.mjs';

// The release workflow cannot run here (it needs the internet and three OSes), so what can be
// checked without running it is: it parses (a duplicated key is an error, not a silent override),
// it fails on a missing Electron build, and every script, file and secret it names exists.
const root = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
// js-yaml comes with electron-builder; it refuses duplicated keys, which GitHub would not.
const { load } = require('js-yaml') as { load: (text: string) => unknown };

interface Step {
  name?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Workflow {
  jobs: {
    installers: {
      env: Record<string, string>;
      strategy: { matrix: { include: { os: string; builder: string; unpacked: string }[] } };
      steps: Step[];
    };
  };
}

const text = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');
const workflow = load(text) as Workflow;
const job = workflow.jobs.installers;
const runs = job.steps.map((step) => step.run ?? '').join('\n');

describe('the release workflow', () => {
  it('builds on Linux, macOS (x64 and arm64) and Windows, each checking its own unpacked app', () => {
    expect(job.strategy.matrix.include.map(({ builder, unpacked }) => [builder, unpacked])).toEqual(
      [
        ['--linux AppImage deb --x64', 'dist/linux-unpacked'],
        ['--mac dmg zip --x64', 'dist/mac'],
        ['--mac dmg zip --arm64', 'dist/mac-arm64'],
        ['--win nsis --x64', 'dist/win-unpacked'],
      ],
    );
    expect(runs).toContain('node scripts/native-abi.mjs ${{ matrix.unpacked }}');
  });

  it(`fails on a missing Electron build (${REQUIRE_ENV}=1)`, () => {
    expect(job.env[REQUIRE_ENV]).toBe('1');
  });

  it('names only npm scripts and files that exist', () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const [, name] of runs.matchAll(/npm run ([\w:-]+)/g)) {
      expect(Object.keys(scripts), `npm run ${name}`).toContain(name);
    }
    const paths = [...runs.matchAll(/(?:^|\s)((?:scripts|test)\/[\w./-]+|[\w.-]+\.config\.ts)/g)];
    expect(paths.length).toBeGreaterThan(3);
    for (const [, path] of paths) expect(existsSync(join(root, path ?? '')), path).toBe(true);
  });

  it('takes every secret it uses from a name the README documents', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const secrets = [...text.matchAll(/secrets\.(\w+)/g)].map(([, name]) => name ?? '');
    expect(secrets.length).toBeGreaterThan(4);
    for (const name of secrets) expect(readme, name).toContain(`\`${name}\``);
  });
});

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHeadlessPlatform } from '../../../src/main/platform/headless-platform';

describe('the headless platform', () => {
  it('saves into the data directory’s exports folder, never over an earlier file', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-headless-'));
    const platform = createHeadlessPlatform({ dataDirectory });
    const folder = join(dataDirectory, 'exports');
    const saved = [];
    for (const content of ['one', 'two', 'three']) {
      saved.push(await platform.saveFile({ suggestedName: 'events.csv', content }));
    }
    expect(saved).toEqual([
      { path: join(folder, 'events.csv') },
      { path: join(folder, 'events-2.csv') },
      { path: join(folder, 'events-3.csv') },
    ]);
    expect(readFileSync(join(folder, 'events.csv'), 'utf8')).toBe('one');
    expect(readFileSync(join(folder, 'events-3.csv'), 'utf8')).toBe('three');
  });

  it('takes only the name of what it is given, never a path out of its folder', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-headless-'));
    const platform = createHeadlessPlatform({ dataDirectory });
    const saved = await platform.saveFile({ suggestedName: '../../escape.csv', content: 'x' });
    expect(saved).toEqual({ path: join(dataDirectory, 'exports', 'escape.csv') });
    expect(readdirSync(dataDirectory).sort()).toEqual(['exports']);
  });

  it('records links and themes, and tells whoever listens about each link', async () => {
    const told: string[] = [];
    const platform = createHeadlessPlatform({
      dataDirectory: mkdtempSync(join(tmpdir(), 'pitside-headless-')),
      onOpenExternal: (url) => told.push(url),
    });
    await platform.openExternal('https://events.invalid/a');
    platform.setTheme('dark');
    expect(platform.openedUrls).toEqual(['https://events.invalid/a']);
    expect(told).toEqual(['https://events.invalid/a']);
    expect(platform.themes).toEqual(['dark']);
  });
});

import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../../src/main/bundle/bundle-import';
import { inspectBundle } from '../../../src/main/bundle/bundle-summary';
import { TEST_NOW } from '../../harness/server';
import { openTestWorkspace } from '../profiles/workspace-rig';

/*
 * A bundle is a regular file. A named pipe called `*.pitside` would block a reader until some
 * other program wrote to it (forever, in practice), and a directory is no file at all: both are
 * refused at once, without a pipe ever being opened for reading.
 */

const NOW = new Date(TEST_NOW);
let root: string;
let pipe: string;
let folder: string;

/**
 * `pending`, or a failure after `ms`. A reader that did block is let go first (a writer opens the
 * pipe and closes it at once), so a failing run ends instead of holding a thread forever.
 */
async function promptly<Value>(pending: Promise<Value>, fifo = pipe, ms = 2_000): Promise<Value> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader held it open: nothing to let go.
      }
      reject(new Error(`still waiting after ${ms} ms: the pipe was opened for reading`));
    }, ms);
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-kinds-'));
  pipe = join(root, 'pipe.pitside');
  execFileSync('mkfifo', [pipe]);
  folder = join(root, 'folder.pitside');
  mkdirSync(folder);
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('a file that is not a regular file', () => {
  it('is refused at once when it is a named pipe', async () => {
    await expect(promptly(inspectBundle(pipe, NOW))).rejects.toThrow(
      `${pipe} is a named pipe, not a bundle file`,
    );
    const target = join(root, 'into-pipe');
    await expect(promptly(importBundle(pipe, target, { now: NOW }))).rejects.toThrow(
      /is a named pipe, not a bundle file/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('is refused when it is a directory', async () => {
    await expect(promptly(inspectBundle(folder, NOW))).rejects.toThrow(
      `${folder} is a directory, not a bundle file`,
    );
  });

  it('is refused in the app as the person’s choice at fault, with nothing to merge', async () => {
    const app = await openTestWorkspace(mkdtempSync(join(root, 'app-')));
    try {
      mkdirSync(join(app.dataDirectory, 'imports'));
      const appPipe = join(app.dataDirectory, 'imports', 'pipe.pitside');
      execFileSync('mkfifo', [appPipe]);
      const answer = (await promptly(app.dispatch('bundle:choose', undefined), appPipe)) as {
        ok: boolean;
        error?: { code: string; message: string };
      };
      expect(answer.ok).toBe(false);
      expect(answer.error?.code).toBe('invalid_input');
      expect(answer.error?.message).toMatch(
        /^This bundle cannot be imported: .*pipe\.pitside is a named pipe, not a bundle file\.$/,
      );
    } finally {
      await app.workspace.close();
    }
  });
});

import { mkdir, open, readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Theme } from '../../shared/ipc/setup';
import type { FileKind, Platform } from './platform';

export interface HeadlessPlatformOptions {
  /** Saved files go to `<dataDirectory>/exports/`; a file to open comes from `imports/`. */
  dataDirectory: string;
  /** Told of each link a page asks to open (the preview prints it). */
  onOpenExternal?: (url: string) => void;
}

/** The platform where there is no desktop: what it was asked is recorded for anyone to check. */
export interface HeadlessPlatform extends Platform {
  readonly openedUrls: readonly string[];
  readonly themes: readonly Theme[];
}

const MOST_COPIES = 10_000;

/**
 * The browser preview's and the tests' platform. Nothing opens and nothing asks: links are only
 * recorded, and a save goes straight to the data directory's `exports` folder, never over a file
 * already there (`name-2.csv` and on instead). The file "chosen" to open is the newest of the
 * right kind in its `imports` folder, and none (a closed dialog) when there is none.
 */
export function createHeadlessPlatform(options: HeadlessPlatformOptions): HeadlessPlatform {
  const openedUrls: string[] = [];
  const themes: Theme[] = [];
  const folder = join(options.dataDirectory, 'exports');
  return {
    openedUrls,
    themes,
    openExternal: (url) => {
      openedUrls.push(url);
      options.onOpenExternal?.(url);
      return Promise.resolve();
    },
    saveFile: async ({ suggestedName, content }) => {
      const { path, file } = await reserve(folder, suggestedName);
      try {
        await file.writeFile(content, 'utf8');
      } finally {
        await file.close();
      }
      return { path };
    },
    // Reserved empty: the writer renames its whole file over it.
    chooseSavePath: async ({ suggestedName }) => {
      const { path, file } = await reserve(folder, suggestedName);
      await file.close();
      return path;
    },
    chooseFile: ({ kind }) => newestOfKind(join(options.dataDirectory, 'imports'), kind),
    setTheme: (theme) => {
      themes.push(theme);
    },
    // Without a desktop there is nothing to watch; a sync finds out about the network by itself.
    watchNetwork: () => () => {},
  };
}

/** A new file in `folder` named after `suggestedName`, never one already there. */
async function reserve(folder: string, suggestedName: string) {
  await mkdir(folder, { recursive: true });
  // A name, never a path: nothing the page suggests may write outside the folder.
  const name = basename(suggestedName) || 'export';
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let copy = 1; copy <= MOST_COPIES; copy += 1) {
    const path = join(folder, copy === 1 ? name : `${stem}-${copy}${extension}`);
    const file = await open(path, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw error;
    });
    if (file !== null) return { path, file };
  }
  throw new Error(`${folder} already holds ${MOST_COPIES} copies of ${name}.`);
}

async function newestOfKind(folder: string, kind: FileKind): Promise<string | null> {
  const names = await readdir(folder).catch(() => []);
  let newest: { path: string; modified: number } | null = null;
  for (const name of names) {
    if (!kind.extensions.some((extension) => name.endsWith(`.${extension}`))) continue;
    const path = join(folder, name);
    const modified = (await stat(path)).mtimeMs;
    if (newest === null || modified > newest.modified) newest = { path, modified };
  }
  return newest?.path ?? null;
}

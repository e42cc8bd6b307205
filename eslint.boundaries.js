// Which part of the tree may import what. Kept apart from eslint.config.js so a test can lint
// sample imports against exactly these rules.
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const nativeAndServerPackages = ['better-sqlite3', 'keytar', 'fastify'];

function restrict(paths, patterns, { allowTypeImports = false } = {}) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: paths.map((name) => ({
          name,
          allowTypeImports,
          message: 'This part of the tree must not import it (see design.md, Rules of the house).',
        })),
        patterns: patterns.map((group) => ({
          group: [group],
          message: 'This import crosses a process boundary (see design.md, Layout).',
        })),
      },
    ],
  };
}

/** `rules` of `restrict`, with imports matching `group` restricted too, for `message`. */
function alsoRestrict(rules, group, message) {
  const [level, options] = rules['no-restricted-imports'];
  return {
    'no-restricted-imports': [
      level,
      { ...options, patterns: [...options.patterns, { group, message }] },
    ],
  };
}

/** Files in src/main that may import electron: lifecycle, window, IPC transport, OS adapters. */
export const electronEdgeFiles = [
  'src/main/index.ts',
  'src/main/window.ts',
  'src/main/app-protocol.ts',
  'src/main/crash-watch.ts',
  'src/main/menu.ts',
  'src/main/ipc/electron-transport.ts',
  'src/main/platform/*.ts',
  'src/main/updates/electron-updates.ts',
  'src/main/notify/electron-notifier.ts',
];

/**
 * The one file in src/main that may reach into src/server: it starts the reference service
 * in-process for the demo. Only `server/start` and `server/config`, never the service's insides.
 */
export const embeddedServiceFiles = ['src/main/profiles/demo-service.ts'];

/**
 * A venue share answers the interface with the service's own HTTP face (access control, errors,
 * validators and the read routes) over the cache, so the two cannot drift apart. It may import
 * that face; the service's store and demo data stay out of reach, except as types.
 */
export const shareFiles = ['src/main/share/**/*.ts'];

/** What no file of src/main may import: the other processes. */
const processPatterns = ['**/server/**', '**/preload/**', '**/renderer/**'];

const rendererRules = restrict(
  ['electron', ...nodeBuiltins, ...nativeAndServerPackages],
  ['**/main/**', '**/server/**', '**/preload/**', 'node:*'],
);

export const boundaries = [
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: rendererRules,
  },
  {
    // A view's question before something hard to take back is the one ConfirmDialog, so that the
    // focus, Esc and the buttons behave alike in all of them.
    files: ['src/renderer/src/views/**/*.{ts,tsx}'],
    rules: alsoRestrict(
      rendererRules,
      ['@radix-ui/react-dialog'],
      'A view asks through components/ConfirmDialog; another kind of dialog belongs in components/.',
    ),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(
      ['electron', ...nodeBuiltins, ...nativeAndServerPackages, 'react', 'react-dom', 'zustand'],
      ['**/main/**', '**/server/**', '**/preload/**', '**/renderer/**', 'node:*'],
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict(['electron', 'keytar'], ['**/main/**', '**/preload/**', '**/renderer/**']),
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict(
      [...nodeBuiltins, ...nativeAndServerPackages],
      ['**/main/**', '**/server/**', '**/renderer/**', 'node:*'],
    ),
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: [...electronEdgeFiles, ...embeddedServiceFiles, ...shareFiles],
    // Electron's types may be used anywhere in main: they vanish at build time, its code may not.
    rules: restrict(['electron'], processPatterns, { allowTypeImports: true }),
  },
  {
    // The cache is what the outbox and the sync engine are built on, so it imports neither: the
    // outbox's overlay reaches the cache's event rows through an interface the cache owns.
    files: ['src/main/cache/**/*.ts'],
    rules: alsoRestrict(
      restrict(['electron'], processPatterns, { allowTypeImports: true }),
      ['**/outbox/**', '**/sync/**'],
      'The cache must not know what is built on it: it takes what it needs through an interface of its own (see cache/rows/event-row-overlay.ts).',
    ),
  },
  {
    files: electronEdgeFiles,
    rules: restrict([], ['**/server/**', '**/preload/**', '**/renderer/**']),
  },
  {
    files: embeddedServiceFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The embedded service runs without Electron.' }],
          patterns: [
            {
              group: ['**/server/**', '!**/server/start', '!**/server/config'],
              message: 'The demo starts the service; it does not reach into it.',
            },
            {
              group: ['**/preload/**', '**/renderer/**'],
              message: 'This import crosses a process boundary (see design.md, Layout).',
            },
          ],
        },
      ],
    },
  },
  {
    files: shareFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'A share runs without Electron, in the CLI too.' }],
          patterns: [
            {
              group: ['**/server/store/**', '**/server/demo/**', '**/server/routes/**'],
              allowTypeImports: true,
              message: 'A share serves the cache: it takes the service’s HTTP face, not its data.',
            },
            {
              group: ['**/preload/**', '**/renderer/**'],
              message: 'This import crosses a process boundary (see design.md, Layout).',
            },
          ],
        },
      ],
    },
  },
  {
    // The command line runs under plain Node, where there is no electron to import at all.
    files: ['src/cli/**/*.ts'],
    rules: restrict(['electron'], ['**/server/**', '**/preload/**', '**/renderer/**']),
  },
  {
    // Every window or view takes the shared secure preferences as they are (security.ts): one
    // written inline, or the shared ones spread and then loosened, is refused.
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `NewExpression[callee.name=/^(BrowserWindow|BrowserView|WebContentsView)$/]:not(:has(Property[key.name='webPreferences'] > CallExpression[callee.name='secureWebPreferences']))`,
          message: 'A window takes `webPreferences: secureWebPreferences(preload)` (security.ts).',
        },
      ],
    },
  },
];

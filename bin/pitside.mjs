#!/usr/bin/env node
// `pitside`: the command line (src/cli) for scripts, with no npm in between. The sources are
// TypeScript run in place, as `npm run cli` always did: tsx's loader is registered in this process
// (no second process to relay signals and exit statuses through), with the repository's own
// compiler settings, whatever directory the command is run from.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(import.meta.dirname, '..');
register({ tsconfig: join(root, 'tsconfig.node.json') });
await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);

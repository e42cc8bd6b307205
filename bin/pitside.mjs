#!/usr/bin/env node
// `pitside`: the command line (src/cli) for scripts, with no npm in between. It runs a bundle of the
// sources, built again whenever one of them changes (cli-bundle.mjs). Where no bundle can be built
// the sources run in place: tsx's loader is registered in this process (no second process to relay
// signals and exit statuses through), with the repository's own compiler settings, whatever
// directory the command is run from.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliBundle } from './cli-bundle.mjs';

const root = join(import.meta.dirname, '..');
const bundle = await cliBundle(root);
if (bundle !== null) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: join(root, 'tsconfig.node.json') });
  await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
}

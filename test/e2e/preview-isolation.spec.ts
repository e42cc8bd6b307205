import { expect, test } from './fixtures';

// The preview's counterpart of the Electron suite's isolation check: the renderer sees no Node
// (no require, process, module or Buffer), and the bridge is the one thing it is given.
test.use({ start: 'first-run' });

test('the page sees no Node globals, only the frozen bridge', async ({ app }) => {
  await app.waitUntilReady();
  const globals = await app.page.evaluate(() => {
    const scope = globalThis as Record<string, unknown>;
    return {
      require: typeof scope.require,
      process: typeof scope.process,
      module: typeof scope.module,
      Buffer: typeof scope.Buffer,
      bridge: typeof scope.api,
    };
  });
  expect(globals).toEqual({
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
    Buffer: 'undefined',
    bridge: 'object',
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The policy the shipped page carries, read from the built out/renderer/index.html (the dev
// server's relaxed copy never reaches it). How the browser enforces it is tested through the
// preview (test/e2e/app-shell.spec.ts: eval and inline scripts are blocked).
const root = resolve(import.meta.dirname, '../..');

function policyOf(html: string): Map<string, string[]> {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  if (meta === null) throw new Error('the page has no Content-Security-Policy');
  return new Map(
    (meta[1] ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name !== undefined && name !== '')
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** What is wrong with a policy for the app's page: nothing, for a strict one. */
function cspProblems(policy: Map<string, string[]>): string[] {
  const problems: string[] = [];
  const fallback = policy.get('default-src');
  const scripts = policy.get('script-src') ?? fallback;
  if (scripts === undefined) problems.push('scripts are not restricted');
  for (const source of scripts ?? []) {
    if (/^'(unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval)'$/.test(source)) {
      problems.push(`script-src allows ${source}`);
    }
    if (source === '*' || /^(https?|wss?|data|blob):?/.test(source)) {
      problems.push(`script-src allows ${source}`);
    }
  }
  const connect = policy.get('connect-src') ?? fallback;
  if (connect === undefined) problems.push('connections are not restricted');
  for (const source of connect ?? []) {
    if (source !== "'self'" && source !== "'none'") problems.push(`connect-src allows ${source}`);
  }
  for (const name of ['object-src', 'base-uri']) {
    const sources = policy.get(name) ?? (name === 'object-src' ? fallback : undefined);
    if (sources?.join(' ') !== "'none'") problems.push(`${name} is not 'none'`);
  }
  return problems;
}

describe('the renderer’s Content Security Policy', () => {
  it('is strict in the built page the app ships', () => {
    const built = join(root, 'out/renderer/index.html');
    expect(existsSync(built), 'run `npx electron-vite build` first').toBe(true);
    expect(cspProblems(policyOf(readFileSync(built, 'utf8')))).toEqual([]);
  });

  it('is strict in the source page', () => {
    const source = readFileSync(join(root, 'src/renderer/index.html'), 'utf8');
    expect(cspProblems(policyOf(source))).toEqual([]);
  });

  it.each([
    ["default-src 'none'; script-src 'self' 'unsafe-inline'; connect-src 'self'", 'unsafe-inline'],
    ["default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self'", 'unsafe-eval'],
    ["default-src 'self' 'unsafe-eval'; connect-src 'self'", 'unsafe-eval'],
    ["default-src 'none'; script-src 'self' https:; connect-src 'self'", 'https:'],
    ["default-src 'none'; script-src 'self'; connect-src 'self' https://api.example", 'api'],
    ["default-src 'none'; script-src 'self'; connect-src *", 'connect-src allows *'],
    ["script-src 'self'", 'connections are not restricted'],
    ["default-src 'none'; script-src 'self'; connect-src 'self'", "base-uri is not 'none'"],
  ])('refuses %j', (policy, problem) => {
    const html = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
    expect(cspProblems(policyOf(html)).join('; ')).toContain(problem);
  });
});

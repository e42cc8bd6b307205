#!/usr/bin/env node
// The type check and the lint in one process, over one set of TypeScript programs: run apart, the
// typed lint built the three programs `tsc` had just built (231 CPU-s for both, 161 together,
// measured), CPU the tests beside them need. The same checks as `npm run typecheck` and
// `npm run lint`: every type error, and no lint error or warning.
import { ESLint } from 'eslint';
import ts from 'typescript';

const CONFIGS = ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.test.json'];

function programOf(configFile) {
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error(`${configFile} could not be read`);
  if (config.errors.length > 0) return { program: null, diagnostics: config.errors };
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  return { program, diagnostics: ts.getPreEmitDiagnostics(program) };
}

const host = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => '\n',
};

let typeErrors = 0;
const programs = [];
for (const configFile of CONFIGS) {
  const { program, diagnostics } = programOf(configFile);
  if (program !== null) programs.push(program);
  typeErrors += diagnostics.length;
  if (diagnostics.length > 0) {
    console.log(`${configFile}:`);
    console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  }
}
console.log(`[check] type check: ${typeErrors === 0 ? 'ok' : `${typeErrors} errors`}`);

let lintProblems = 0;
if (programs.length === CONFIGS.length) {
  // The TypeScript files take their types from these programs instead of building their own.
  const eslint = new ESLint({
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
        languageOptions: { parserOptions: { programs, project: false, projectService: false } },
      },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  lintProblems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
  const report = await (await eslint.loadFormatter('stylish')).format(results);
  if (report !== '') console.log(report);
  console.log(`[check] lint: ${lintProblems === 0 ? 'ok' : `${lintProblems} problems`}`);
} else {
  console.log('[check] lint: not run, a TypeScript configuration is broken');
}
process.exit(typeErrors === 0 && lintProblems === 0 && programs.length === CONFIGS.length ? 0 : 1);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'native',
      'test-results',
      'playwright-report',
      '.tmp',
      // Local, uncommitted experiments (.gitignore keeps them out of the repository).
      'scratch',
      'test/fixtures/**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The three programs the type check builds, named: the project service found them
        // through the solution file and cost half as much CPU again (219 CPU-s against 144 for
        // the whole lint, measured), time the tests beside it need. A file in none of them is
        // an error here, as it is to the type check.
        project: ['./tsconfig.node.json', './tsconfig.web.json', './tsconfig.test.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructured first parameter.
    files: ['test/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // This rule guards what the React Compiler may memoize; the renderer is not compiled by it,
      // and a virtualizer that re-renders on scroll is exactly what the list needs.
      'react-hooks/incompatible-library': 'off',
    },
  },
  ...boundaries,
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layersPlugin } from './eslint/layers.js';
import { routeErrorsPlugin } from './eslint/route-errors.js';

export default tseslint.config(
  { ignores: ['dist/', 'action/', 'node_modules/', 'data/', 'bench/results/', '.tmp/', '.stryker-tmp*/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Layer rules: which part of the tree may import which (eslint/layers.js).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/no-upward-import': 'error' },
  },
  {
    // Routes are adapters: few refusals of their own (eslint/route-errors.js).
    files: ['src/server/http/routes/**/*.ts'],
    plugins: { 'route-errors': routeErrorsPlugin },
    rules: { 'route-errors/max-domain-errors': 'error' },
  },
  {
    // The HTTP layer sees the services' own types (Session, AuthenticatedKey, ApiKeySummary, the Tinify facts), never
    // the store's rows: no database module, and no `…Row` type from anywhere (issue 2/7, docs/decisions/0601).
    files: ['src/server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/db/*', '**/db/*'], message: 'The HTTP layer reads no database module: ask a service.' },
            { regex: '.*', importNamePattern: 'Row$', message: "The HTTP layer sees the services' types, not the store's rows." },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);

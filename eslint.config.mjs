// Lint for the whole tree: typescript-eslint's recommended rules, plus the few that keep the layers honest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The Apps Script services the add-on uses: reached only in src/adapters/, which implements the core's ports. */
const APPS_SCRIPT_SERVICES = [
  'SpreadsheetApp',
  'PropertiesService',
  'CacheService',
  'LockService',
  'UrlFetchApp',
  'ScriptApp',
  'Utilities',
  'HtmlService',
  'Session',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', parserOptions: { jsDocParsingMode: 'none' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-undef': 'off', // TypeScript checks names, with the right globals per layer
    },
  },
  {
    // Functions a reader can hold.
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60 }] },
  },
  {
    // Only the adapters call Apps Script services; the server composes core and adapters, the entry exposes them.
    files: ['src/**/*.ts'],
    ignores: ['src/adapters/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...APPS_SCRIPT_SERVICES.map((name) => ({ name, message: `${name} is called only in src/adapters/.` })),
      ],
    },
  },
  {
    // The sidebar runs in the browser: it reaches the server through google.script.run, typed by the contract.
    files: ['src/sidebar/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/adapters/**', '**/Code'] }],
    },
  },
  {
    // The pure core talks to the platform only through the ports: no adapter, server or sidebar import.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/adapters/**', '**/server/**', '**/sidebar/**', '**/dev/**', 'node:*'] },
      ],
    },
  },
);

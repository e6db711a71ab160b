// Lint for the whole tree: typescript-eslint's recommended rules, plus the few that keep the layers honest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
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

// Lint: the recommended rules of ESLint and typescript-eslint over sources, tests and tools.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // db/samples/ holds upstream payloads (a JS bundle among them): data, not code.
  {
    ignores: [
      'node_modules/',
      'packages/client/src/openapi.d.ts',
      // Built by `npm run client:build` from the sources.
      'packages/client/dist/',
      'test-results/',
      'bench/results/',
      'data/',
      'db/samples/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        Buffer: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        AbortSignal: 'readonly',
        AbortController: 'readonly',
        structuredClone: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        NodeJS: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);

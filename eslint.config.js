import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'public/build/', 'data/', 'test-results/', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'prefer-const': 'error',
    },
  },
  {
    // Build and asset scripts run on Node as plain ES modules.
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  {
    // Node preload scripts (benchmark probes) are CommonJS.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The code every cached answer runs through. In Node 20 an object spread that adds keys
    // (`{ ...sending, cache, ageS }`) gives each copy a hidden class of its own, a cost on every answer
    // that `npm run bench:door` shows (megamorphic reads downstream, a map per answer to collect).
    files: [
      'server/door.ts',
      'server/paths.ts',
      'server/build-files.ts',
      'server/http/prepared.ts',
      'server/http/request-log.ts',
      'server/proxy/api-proxy.ts',
      'server/cache/page-cache.ts',
      'server/pages/page-route.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement',
          message:
            'On the cached-answer path, write the object literal: a spread copy costs a hidden class per answer (see eslint.config.js).',
        },
      ],
    },
  },
  {
    // The browser bundle must never pull in Node-only code.
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['shared/node/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '../server/*', 'node:*'] }],
    },
  },
);

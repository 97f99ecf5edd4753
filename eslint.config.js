// ESLint: typescript-eslint's recommended rules, Astro's, jsx-a11y's on the islands, React hooks.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importRules from './eslint.imports.js';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      '.astro/',
      'bench/results/',
      'test-results/',
      'playwright-report/',
      'drizzle/',
      'src/paraglide/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  { files: ['src/features/*/island/**/*.tsx'], ...jsxA11y.configs.recommended },
  {
    files: ['src/features/*/island/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A page that depends on a cookie must not be shared by the page cache (issue 25): pages and
    // components read cookies through readCookie(), which marks the page private.
    files: ['src/**/*.astro'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.property.name='cookies'][property.name=/^(get|has)$/]",
          message: 'Read cookies through readCookie() (src/platform/http/page-cookies.server.ts): it keeps the page out of shared caches.',
        },
        {
          selector: "CallExpression[callee.property.name='get'][arguments.0.value=/^cookie$/i]",
          message: 'Read cookies through readCookie() (src/platform/http/page-cookies.server.ts): it keeps the page out of shared caches.',
        },
      ],
    },
  },
  ...importRules,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);

// ESLint (flat config) for the site's TypeScript and React: correctness rules only; layout is Prettier's
// (eslint-config-prettier switches off every rule that would fight it). `npm run lint` runs both.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'public/',
      '.cache/',
      'tools/bench/floor-site/public/',
      'tools/bench/floor-site/.cache/',
      'tools/bench/floor-i18n-site/public/',
      'tools/bench/floor-i18n-site/.cache/',
      'tools/bench/build-floor-site/public/',
      'tools/bench/build-floor-site/.cache/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Unused names are mistakes, except a leading underscore, which marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A tool reads a variable through toolEnv (tools/env.ts), which takes only the names listed there and
    // says a bad value in one line; handing `process.env` to it, or setting a variable for a child, is fine.
    files: ['tools/**/*.{ts,tsx}'],
    ignores: ['tools/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']:not(AssignmentExpression > MemberExpression.left)",
          message: 'Read environment variables with toolEnv (tools/env.ts), which lists every one.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);

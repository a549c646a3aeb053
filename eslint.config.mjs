// ESLint's flat config: typescript-eslint's recommended rules (not its
// type-checked set, which ran out of memory on 2 cores with Gatsby's types;
// tsc --noEmit checks the types), React hooks and jsx-a11y, over the site,
// the build, the commands, the sandbox and the tests.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['public/', '.cache/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/', 'src/gatsby-types.d.ts', '__tests__/fixtures/', 'static/', 'wt-*/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser, ...globals.jest },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Leaving out a property by destructuring it away (`{ type: _type, ...rest }`) is how the tests and mocks omit one.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx', 'src/**/*.ts', 'features/**/use*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // CommonJS: gatsby-transformer-remark requires the remark plugins (and they Chromium's finder), Jest its transformer.
    files: ['features/**/*.js', 'system/**/*.js', 'jest-preprocess.js', 'jest.*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

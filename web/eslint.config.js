// `npm run lint`: eslint's and typescript-eslint's recommended rules, the rules of hooks.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // src/gql/ is written by graphql-codegen (npm run codegen), not by hand.
  globalIgnores(['dist/', 'node_modules/', 'src/gql/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // Node scripts, browser journeys (node --test) and tool configs.
    files: ['e2e/**', 'scripts/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
]);

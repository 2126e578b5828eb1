import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A restriction of no-restricted-imports: a pattern of import paths, and what the README says instead. */
const pluginBuildHook = {
  regex: String.raw`^(@site/plugins/[\w-]+|(\.\./)+plugins/[\w-]+)(/index(\.ts)?)?$`,
  message:
    "src/ never imports a plugin's build hook (its index.ts); import the plugin's pure module (README, 'What may import what').",
};
const outsideComponents = {
  regex: String.raw`^(@site/src/(theme|pages)(/|$)|(\.\./)+(theme|pages)(/|$)|(@site|(\.\./)+\.\.)/plugins(/|$)(?![\w-]+/client(/|$)))`,
  message:
    "src/components/ may use src/internal, src/data, src/lib, src/constants, src/css and a plugin's client/ only (README, 'What may import what').",
};
const nodeInBrowser = {
  regex: String.raw`^node:`,
  message:
    "A plugin's theme/ and client/ run in the browser and import nothing from Node (README, 'What may import what').",
};
const pluginBuildIntoSrc = {
  regex: String.raw`^(@site|(\.\./)+\.\.)/src/(?!(data|constants)/)`,
  message: "A plugin's build code takes from src/ only src/data and src/constants (README, 'What may import what').",
};
const pluginBrowserIntoSrc = {
  regex: String.raw`^(@site|(\.\./)+\.\.)/src/(?!(data|constants|internal)/)`,
  message:
    "A plugin's theme/ and client/ take from src/ only src/data, src/constants and src/internal (README, 'What may import what').",
};

function importRules() {
  const restrict = (files, ...patterns) => ({files, rules: {'no-restricted-imports': ['error', {patterns}]}});
  const browser = 'plugins/*/{theme,client}/**';
  return [
    restrict(['src/**/*.{ts,tsx}'], pluginBuildHook),
    restrict(['src/components/**/*.{ts,tsx}'], pluginBuildHook, outsideComponents),
    {...restrict(['plugins/**/*.{ts,tsx,cjs}'], pluginBuildIntoSrc), ignores: [browser]},
    restrict([`${browser}/*.{ts,tsx}`], nodeInBrowser, pluginBrowserIntoSrc),
  ];
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.docusaurus/',
      '**/.docusaurus/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'tests/.output/',
      'plugins/deploy/nginx/',
      // Generated from api/openapi.yaml at build time (git-ignored).
      'docs/api/',
      // Planted mistakes that tests/lint/linters.spec.ts expects the linters to catch.
      'tests/fixtures/lint/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {...globals.node},
      parserOptions: {projectService: true, tsconfigRootDir: import.meta.dirname},
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', ignoreRestSiblings: true}],
    },
  },
  {
    // Plain JS (config files, the webpack loader) is not type-checked (no checkJs): only `any` from untyped imports to report.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // These tests read JSON printed by samples, the mock and the API description; expect() checks its shape.
    files: ['tests/samples/**', 'tests/support/**', 'tests/content/api-reference.spec.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Docs pages show these samples verbatim: typing `await response.json()` would add an API type to each copied sample.
    files: ['examples/api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Fastify's async plugin form: the plugin awaits nothing, but without `async` Fastify waits for a done() callback.
    files: ['examples/webhooks/fastify-receiver.ts'],
    rules: {'@typescript-eslint/require-await': 'off'},
  },
  {
    // fulfil() is async for the reader's own awaited work (database, job queue); the sample's body only logs.
    files: ['examples/webhooks/webhook-event.ts'],
    rules: {'@typescript-eslint/require-await': 'off'},
  },
  {
    // Vitest types asymmetric matchers (expect.stringContaining(), expect.any()) as `any`: each in toEqual() reads as unsafe.
    files: ['tests/unit/**/*.test.ts'],
    rules: {'@typescript-eslint/no-unsafe-assignment': 'off'},
  },
  {
    // CommonJS config files.
    files: ['**/*.cjs', 'babel.config.js'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  // What may import what (README): the rules below are the ones a path can decide. A later block's
  // no-restricted-imports replaces an earlier one's for the files both match, so each repeats what it keeps.
  ...importRules(),
  {
    // Site code that runs in the browser (plugins' theme components too), and the component harnesses.
    files: [
      'src/**/*.{ts,tsx}',
      'plugins/*/theme/**/*.{ts,tsx}',
      'plugins/*/client/**/*.{ts,tsx}',
      'tests/component/**/*.tsx',
      'tests/fixtures/**/*.tsx',
    ],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: {
      react,
      'react-hooks': reactHooks,
      'jsx-a11y': jsxA11y,
      '@docusaurus': docusaurus,
    },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: {...globals.browser},
    },
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // @docusaurus/recommended. The site is English-only, so no-untranslated-text stays off.
      ...docusaurus.configs.recommended.rules,
      // TypeScript checks props.
      'react/prop-types': 'off',
      // HTML's render-blocking attribute (<link rel="expect" blocking="render">), which React's types have.
      'react/no-unknown-property': ['error', {ignore: ['blocking']}],
    },
  },
);

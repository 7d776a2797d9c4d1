// Lint: the rule sets a Remix team runs (typescript-eslint, React, react-hooks, jsx-a11y),
// with Prettier owning layout (eslint-config-prettier turns the style rules off).
// Import direction and circles are checked by dependency-cruiser, not here.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'node_modules/**',
      'services/db/migrations/**',
      'playwright-report/**',
      'test-results/**',
      '.data-*/**',
      // npm run bench's builds (scripts/bench/bare.ts).
      '.bench/**',
      '.react-router/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter kept for its position in a signature.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: 'detect' } },
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks props; prop-types would repeat it.
      'react/prop-types': 'off',
    },
  },
  {
    // Forms parse through app/utils/form.server.ts's parseWithZod, which refuses control
    // characters in every field (issue 32, finding 2): a new form gets that without remembering.
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@conform-to/zod/v4',
              importNames: ['parseWithZod'],
              message: "Use parseWithZod from '~/utils/form.server': it refuses control characters.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read replies as loosely typed JSON and assert on their shape.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
)

// ESLint: type-aware typescript-eslint, the hooks rules, and the layer boundaries of
// docs/architecture.md. Formatting is Prettier's job, so no stylistic rule is switched on here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import patterns, named for what they reach. */
const preact = [
  { group: ['preact', 'preact/*', '@testing-library/preact'], message: 'Only src/ui/ (and the entries) render: this layer stays free of Preact.' },
];
const ui = [{ group: ['**/ui/*', '**/ui/**'], message: 'The views sit on top: nothing below src/ui/ imports them (docs/architecture.md).' }];
const client = [{ group: ['**/client/*', '**/client/**'], message: 'src/client/ builds on this layer, never the other way round (docs/architecture.md).' }];
const state = [{ group: ['**/state/*', '**/state/**'], message: 'src/api/ speaks HTTP only and knows nothing of the state above it (docs/architecture.md).' }];
/**
 * Each wing of src/client/ and the wings it may import (static and type imports; code on demand is
 * loaded through the registry, src/chunks.ts). The root's modules (client.ts, commands.ts, …) are
 * above every wing.
 */
const CLIENT_WINGS_BELOW = {
  policy: ['conversation', 'delivery', 'session', 'live', 'ui-state', 'platform'],
  conversation: ['delivery', 'session', 'live', 'ui-state', 'platform'],
  delivery: ['session', 'platform'],
  session: ['platform'],
  live: ['platform'],
  'ui-state': ['platform'],
  platform: [],
};
/** The patterns a module in `wing` may not import: the client's root and every wing not below it. */
function wingsAbove(wing, allowed) {
  const others = Object.keys(CLIENT_WINGS_BELOW).filter((other) => other !== wing && !allowed.includes(other));
  return [
    { regex: String.raw`^\.\./[^/]+\.ts$`, message: `The client's root assembles the wings; client/${wing}/ never imports it (docs/architecture.md).` },
    ...others.map((other) => ({
      group: [`../${other}/*`, `../${other}/**`],
      message: `client/${wing}/ sits below client/${other}/: arrows between wings run one way (docs/architecture.md).`,
    })),
  ];
}
// The entries at the top of src/ (not a layer's own index.ts or commands.ts): a relative path that
// only climbs, then names one of them.
const widget = [
  {
    regex: String.raw`^(\.\./)+(widget|app|boot|instance|index|element|preview|commands)(\.tsx?)?$`,
    message: 'The entries wire the layers together; a layer never imports them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-npm/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      'demo/pages/e2e-generated/',
      // A stranger's app, made and type-checked by e2e/package.spec.ts against the packed tarball.
      'e2e/package-app/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'stylelint.config.js', '.ci/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its failure; a promise where a void callback is expected
      // (an event handler, a forEach) does too. Both are the bugs this linter is here for.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // tsc already reports unused locals and parameters (noUnusedLocals/noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
      // Commands and models are closures that never use `this` (docs/architecture.md): they are
      // handed around as values (`sendMessage: client.send`), which is what this rule forbids.
      '@typescript-eslint/unbound-method': 'off',
      // `async` on a function that does not await is how a Promise-returning interface turns a
      // synchronous throw into a rejection (storage adapters, fakes); not a mistake here.
      '@typescript-eslint/require-await': 'off',
      // Numbers and booleans read fine in a message; objects and undefined do not.
      // `never` shows up where a value from the wire reaches a branch its type says cannot happen.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNever: true }],
      // `catch {}` and `() => {}` as a deliberate no-op are common and clear here.
      '@typescript-eslint/no-empty-function': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // The URL and markdown sanitizers match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Plain JavaScript (the demo's browser scripts, .ci/) is checked by tsc through checkJs; the
    // rules that need declared types would only repeat what JSDoc already says.
    files: ['**/*.js', '**/*.mjs'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Scripts outside the TypeScript project (.ci/, this file): syntax and plain-JS rules only.
    files: ['.ci/**', '*.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read answers (`res.json()`, `JSON.parse`) as `any` and assert on them; demanding a cast
    // before every `expect` adds noise, not safety.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // `expect(instance.open).toHaveBeenCalled()` passes a mock, not a method to call.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The demo service copies the reference server, whose JavaScript coerces whatever a request
    // carries with String(): doing the same is the point, so String() of an unknown is allowed here.
    files: ['demo/server/**'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    // The loader is counted in bytes (docs/architecture.md, budgets): `==` where `===` buys nothing.
    files: ['embed/loader.ts'],
    // Measured in bytes: loose equality, and storage and page values read as they come inside
    // try/catch (every read is guarded, a throw is the "no" answer) instead of through typed guards.
    rules: {
      eqeqeq: 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['.ci/**', 'demo/server/**', 'e2e/**', '*.config.ts', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },

  // ------------------------------------------------------------------ layer boundaries
  // service → api → state → client → ui. Tests may reach across layers (they check that the layers
  // fit together), so the rules apply to the modules themselves.
  {
    files: ['src/api/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...state, ...client, ...ui, ...widget, ...preact, { group: ['@preact/*'], message: 'src/api/ holds no signals.' }] },
      ],
    },
  },
  {
    // Pure rules: no signals (the models are src/client/'s), and of src/api/ only the wire's shapes.
    // What reads outside input is src/api/normalize/; what calls the service is src/client/.
    files: ['src/state/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...client,
            ...ui,
            ...widget,
            ...preact,
            { group: ['@preact/*'], message: 'src/state/ holds pure rules: signals and models live in src/client/ (docs/architecture.md).' },
            {
              group: ['**/api/*', '**/api/**'],
              allowTypeImports: true,
              message: 'src/state/ knows src/api/ by its types only: reading outside input belongs in src/api/normalize/, calling the service in src/client/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...ui, ...widget, ...preact] }] },
  },
  // The client's wings (docs/architecture.md "The client's wings"): arrows run one way, from the
  // root (which assembles) through policy/ and conversation/ down to platform/.
  ...Object.entries(CLIENT_WINGS_BELOW).map(([wing, allowed]) => ({
    files: [`src/client/${wing}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...ui, ...widget, ...preact, ...wingsAbove(wing, allowed)] }] },
  })),
  {
    files: ['src/i18n/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...state, ...client, ...ui, ...widget, ...preact] }] },
  },
  {
    // The views take the network through the client and the state models; from src/api/ they may
    // know the shapes (types) but never call it.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/*', '**/api/**'],
              allowTypeImports: true,
              message: 'src/ui/ may import types from src/api/, never call it: go through the client.',
            },
            ...widget,
          ],
        },
      ],
    },
  },
  {
    // The loader stays tiny and framework-free: it loads the app by URL at run time, and may only
    // borrow its types.
    files: ['embed/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../src/*', '../src/**'], allowTypeImports: true, message: 'The loader never imports the app statically (types only).' },
            { group: ['preact', 'preact/*', '@preact/*', 'i18next', 'dompurify', 'idb-keyval'], message: 'The loader has no dependencies.' },
          ],
        },
      ],
    },
  },
);

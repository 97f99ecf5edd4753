// The import rules of docs/ARCHITECTURE.md, enforced by `npm run lint` (and so `npm run validate`):
// the feature order, platform below every feature, pure modules and islands free of server code, and
// no import cycle. eslint-plugin-import-x resolves the package's `#…` imports like TypeScript does.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** The features from the ground up; each may import only those before it (a level's siblings not). */
export const FEATURE_LEVELS = [
  ['media', 'search'],
  ['accounts'],
  ['listings'],
  ['sellers', 'community', 'trust', 'saved'],
  ['payments'],
  ['shop', 'promotions'],
  ['telegram'],
  ['admin'],
];
const FEATURES = FEATURE_LEVELS.flat();

/** The places that put the features together and so may import any of them. */
export const COMPOSITION_ROOTS = [
  'src/pages/**',
  'src/middleware.ts',
  'src/platform/process/**',
  'src/layouts/**',
  'src/seed/**',
  'src/**/*.test.ts',
  // What a feature's tests share (its fixtures, fakes wired to the routes) is test code too.
  'src/**/*.test-kit.server.ts',
];

/** Zones for import-x/no-restricted-paths: one per feature and per lower layer. */
export function importZones() {
  const zones = [];
  FEATURE_LEVELS.forEach((level, index) => {
    const above = FEATURE_LEVELS.slice(index + 1).flat();
    for (const feature of level) {
      const forbidden = [...above, ...level.filter((sibling) => sibling !== feature)];
      for (const other of forbidden)
        zones.push({
          target: `./src/features/${feature}`,
          from: `./src/features/${other}`,
          message: `${feature} comes before ${other} in the feature order: send news up as a job or a registry entry (docs/ARCHITECTURE.md).`,
        });
      for (const root of ['./src/pages', './src/layouts', './src/seed', './src/platform/process'])
        zones.push({
          target: `./src/features/${feature}`,
          from: root,
          message: 'A feature does not import pages, layouts, the seed or the boot.',
        });
    }
  });
  for (const feature of FEATURES) {
    zones.push({
      target: './src/platform',
      except: [],
      from: `./src/features/${feature}`,
      message: 'platform imports no feature: take what you need as a parameter or a registry entry (docs/ARCHITECTURE.md).',
    });
    zones.push({ target: './src/db', from: `./src/features/${feature}`, message: 'db is the ground floor: it imports no feature.' });
    zones.push({
      target: './src/components',
      from: `./src/features/${feature}`,
      message: 'Shared components are feature-free: a feature component lives in its feature.',
    });
  }
  for (const layer of ['./src/platform', './src/pages', './src/seed', './src/layouts'])
    zones.push({ target: './src/db', from: layer, message: 'db is the ground floor: it imports only drizzle.' });
  zones.push({ target: './src/platform', from: './src/pages', message: 'platform imports no page.' });
  return zones;
}

export default [
  {
    files: ['src/**/*.{ts,tsx,astro,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.astro', '.js', '.mjs'],
      'import-x/parsers': { 'astro-eslint-parser': ['.astro'], '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: importZones() }],
    },
  },
  {
    // Files stay short enough to read in one sitting (issue 26, rule 8).
    files: ['src/**/*.{ts,tsx,astro,mjs,js}'],
    ignores: ['src/paraglide/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The boot and the composition roots wire features together; platform/process is the one part of
    // platform allowed to (it starts every feature's jobs).
    files: COMPOSITION_ROOTS,
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // Pure modules (no `.server`) and islands run anywhere, the browser included: no server module.
    files: ['src/features/**/*.{ts,tsx}', 'src/platform/**/*.{ts,tsx}', 'src/components/**/*.ts'],
    ignores: ['**/*.server.ts', '**/*.test.ts', 'src/platform/process/**', 'src/**/jobs.server.ts'],
    rules: {
      // Types are erased, so a pure module may name a server module's types.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.server(\\.ts)?$',
              allowTypeImports: true,
              message: 'A pure module imports no server module: move the code into a .server.ts file.',
            },
            { regex: '^#db/client', allowTypeImports: true, message: 'A pure module holds no database value.' },
          ],
        },
      ],
    },
  },
];

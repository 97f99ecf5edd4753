/**
 * The message catalogue (messages/<area>/<locale>.json, compiled by Paraglide JS into
 * src/paraglide/): checks that every key has a non-empty text in every language, then compiles.
 * Run after install, before the type check and by the build (astro.config.mjs), so a missing
 * translation fails the build instead of falling back to English on an Amharic page.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const settings = JSON.parse(readFileSync(path.join(root, 'project.inlang/settings.json'), 'utf8'));
export const LOCALES = settings.locales;
/** @type {import('@inlang/paraglide-js').CompilerOptions} */
const COMPILER_OPTIONS = {
  project: './project.inlang',
  outdir: './src/paraglide',
  // The locale is the URL's (/am/… or not); never a cookie or header, so a cached page is one language.
  strategy: ['url', 'baseLocale'],
  emitTsDeclarations: false,
};

/** The catalogue as { area: { locale: { key: message } } }, read from messages/. */
export function readCatalogue() {
  const catalogue = {};
  for (const area of readdirSync(path.join(root, 'messages'))) {
    catalogue[area] = {};
    for (const locale of LOCALES) {
      const file = path.join(root, 'messages', area, `${locale}.json`);
      const { $schema: _schema, ...messages } = JSON.parse(readFileSync(file, 'utf8'));
      catalogue[area][locale] = messages;
    }
  }
  return catalogue;
}

/** Every problem with the catalogue: keys missing or empty in a language, keys in two areas. */
export function catalogueProblems(catalogue = readCatalogue()) {
  const problems = [];
  const owner = new Map();
  for (const [area, byLocale] of Object.entries(catalogue)) {
    const keys = new Set(LOCALES.flatMap((locale) => Object.keys(byLocale[locale] ?? {})));
    for (const key of keys) {
      if (owner.has(key)) problems.push(`${key}: in messages/${owner.get(key)} and messages/${area}`);
      owner.set(key, area);
      for (const locale of LOCALES) {
        const text = byLocale[locale]?.[key];
        if (text === undefined) problems.push(`${key}: missing in messages/${area}/${locale}.json`);
        else if (typeof text === 'string' && text.trim() === '') problems.push(`${key}: empty in messages/${area}/${locale}.json`);
      }
    }
  }
  return problems;
}

/**
 * Every problem outside the keys: an area that settings.json does not compile, and a prose page
 * (src/content/pages/<page>.<locale>.html) missing in a language.
 */
export function filesProblems() {
  const problems = [];
  const compiled = new Set(settings['plugin.inlang.messageFormat'].pathPattern);
  for (const area of readdirSync(path.join(root, 'messages'))) {
    if (!compiled.has(`./messages/${area}/{locale}.json`)) problems.push(`messages/${area}: not in project.inlang/settings.json`);
  }
  const pages = readdirSync(path.join(root, 'src/content/pages'));
  for (const page of new Set(pages.map((name) => name.replace(/\.[^.]+\.(html|json)$/, '')))) {
    for (const locale of LOCALES) {
      if (!pages.some((name) => name.startsWith(`${page}.${locale}.`))) problems.push(`src/content/pages/${page}.${locale}: missing`);
    }
    // A page of cards and lists: the same shape, links and icons in every language, no empty text.
    const json = LOCALES.map((locale) => `${page}.${locale}.json`).filter((name) => pages.includes(name));
    const shapes = json.map((name) =>
      JSON.stringify(shapeOf(JSON.parse(readFileSync(path.join(root, 'src/content/pages', name), 'utf8')))),
    );
    if (shapes.some((shape) => shape !== shapes[0]))
      problems.push(`src/content/pages/${page}.*.json: not the same shape in every language`);
    for (const [i, shape] of shapes.entries()) if (shape.includes('"EMPTY"')) problems.push(`src/content/pages/${json[i]}: an empty text`);
  }
  return problems;
}

/** A content file's structure: texts become "text" (or "EMPTY"); ids, links and icons stay as they are. */
function shapeOf(value, key = '') {
  if (Array.isArray(value)) return value.map((item) => shapeOf(item));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf(value[k], k)]),
    );
  if (['id', 'href', 'icon'].includes(key)) return value;
  return typeof value === 'string' && value.trim() !== '' ? 'text' : 'EMPTY';
}

export function assertCatalogueComplete() {
  const problems = [...catalogueProblems(), ...filesProblems()];
  if (problems.length > 0) throw new Error(`The message catalogue is incomplete:\n  ${problems.join('\n  ')}`);
}

/**
 * Compiles the catalogue into src/paraglide/, then lets its `plural()` keep one `Intl.PluralRules`
 * per locale and options: Paraglide makes a new one per call, 2.4 % of an uncached category page's
 * CPU (issue 31), for an answer that never changes.
 */
export async function compileCatalogue() {
  const { compile } = await import('@inlang/paraglide-js');
  await compile(COMPILER_OPTIONS);
  const registry = path.join(root, 'src/paraglide/registry.js');
  const text = readFileSync(registry, 'utf8');
  const made = 'return new Intl.PluralRules(locale, options).select(Number(input))';
  if (!text.includes(made)) throw new Error(`${registry}: Paraglide's plural() changed; see scripts/messages.mjs`);
  const kept =
    'const key = options ? `${locale} ${JSON.stringify(options)}` : locale;\n' +
    '\tlet rules = pluralRules.get(key);\n' +
    '\tif (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, options)));\n' +
    '\treturn rules.select(Number(input))';
  const memo = '/** One `Intl.PluralRules` per locale and options (scripts/messages.mjs). */\nconst pluralRules = new Map();\n\n';
  writeFileSync(
    registry,
    text
      .replace(made, kept)
      .replace('/**\n * @param {import("./runtime.js").Locale} locale', `${memo}/**\n * @param {import("./runtime.js").Locale} locale`),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    assertCatalogueComplete();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  process.chdir(root);
  await compileCatalogue();
}

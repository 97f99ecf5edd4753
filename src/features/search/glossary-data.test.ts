/**
 * The shape of the bilingual glossary's data (src/features/search/glossary/*.json, rules in its
 * README). The checks are one function, glossaryProblems(), run on the real files and on broken
 * copies, so each rule is shown to catch what it is meant to catch.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATEGORIES } from '#features/listings/categories.ts';

const DIR = new URL('./glossary/', import.meta.url);
const CATEGORIES_FILE = 'categories.json';
const MIN_ENTRIES = 300;
const MAX_LINES = 400;

/**
 * Folded forms allowed in more than one domain file: each is one word with two everyday meanings
 * that belong to different domains. Keep it short; a stale item here is reported too.
 */
const SHARED_FORMS: ReadonlySet<string> = new Set<string>([]);

/**
 * Words so general that expanding them would flood results (brief of issue 27). They may describe a
 * whole category (categories.json) but never a domain entry. Amharic: new, Addis/flower, discount,
 * sale, price, good, service, shop, Ethiopia.
 */
const FLOOD_WORDS = [
  ...['good', 'best', 'new', 'service', 'services', 'shop', 'shops', 'store', 'sale', 'sales', 'discount', 'discounts', 'offer'],
  ...['cheap', 'price', 'prices', 'quality', 'ethiopia', 'ethiopian', 'addis', 'ababa', 'abeba', 'adis'],
  ...['አዲስ', 'አበባ', 'ቅናሽ', 'ሽያጭ', 'ዋጋ', 'ጥሩ', 'አገልግሎት', 'ሱቅ', 'ኢትዮጵያ'],
];

const words = z.array(z.string());
const domainEntry = z.strictObject({
  en: words.min(1),
  am: words.min(1),
  latin: words,
  categories: words.max(3),
});
const domainFile = z.strictObject({ domain: z.string(), entries: z.array(domainEntry).min(1) });
const categoriesFile = z.array(z.strictObject({ category: z.string(), en: words.min(1), am: words.min(1), latin: words }));

type DomainEntry = z.infer<typeof domainEntry>;
type Lang = 'en' | 'am' | 'latin';

interface LoadedFile {
  name: string;
  text: string;
  data?: unknown;
  error?: string;
}

/** Every JSON file of the glossary folder, parsed (a parse error is kept, for the checks to report). */
function loadGlossaryFiles(): LoadedFile[] {
  return readdirSync(DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const text = readFileSync(new URL(name, DIR), 'utf8');
      try {
        return { name, text, data: JSON.parse(text) as unknown };
      } catch (error) {
        return { name, text, error: String(error) };
      }
    });
}

const ONE_WORD = /^[\p{L}\p{M}\p{N}]+$/u;
const ASCII_LOWER = /^[a-z0-9]+$/;
const ETHIOPIC_LETTERS = /^[\u1200-\u137F\u1380-\u139F\u2D80-\u2DDF]+$/u;
const LETTERS_OR_MARKS = /^[\p{L}\p{M}]+$/u;

// Rows of same-sound Ethiopic letters, folded as the matcher folds them: ሐ/ኀ → ሀ, ሠ → ሰ, ዐ → አ, ፀ → ጸ.
const SAME_SOUND_ROW: Readonly<Record<number, number>> = { 0x1210: 0x1200, 0x1280: 0x1200, 0x1220: 0x1230, 0x12d0: 0x12a0, 0x1340: 0x1338 };

/**
 * The key two forms collide on: lower case, NFC, and the same-sound letters folded (with ሃ/ሀ and
 * ኣ/አ, whose 1st and 4th orders sound alike). Enough to see that ስጋ and ሥጋ are one word.
 */
function foldKey(form: string): string {
  let out = '';
  for (const ch of form.normalize('NFC').toLowerCase()) {
    const cp = ch.codePointAt(0) ?? 0;
    const order = cp & 7;
    if (cp < 0x1200 || cp >= 0x1380 || order === 7) {
      out += ch;
      continue;
    }
    const row = SAME_SOUND_ROW[cp & ~7] ?? cp & ~7;
    const folded = (row === 0x1200 || row === 0x12a0) && order === 3 ? 0 : order;
    out += String.fromCodePoint(row + folded);
  }
  return out;
}

function formProblem(lang: Lang, form: string): string | undefined {
  if (form.trim() !== form || !ONE_WORD.test(form)) return 'is not one word (no spaces, hyphens or punctuation)';
  if (lang === 'am') return ETHIOPIC_LETTERS.test(form) && LETTERS_OR_MARKS.test(form) ? undefined : 'must be Ethiopic letters only';
  if (!ASCII_LOWER.test(form)) return `must be lowercase ASCII (${lang})`;
  return undefined;
}

function shapeProblems(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${file}: shape: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

interface Occurrence {
  file: string;
  at: string;
  /** The entry's categories (domain files), or the category the words describe (categories.json). */
  categories: readonly string[];
  isCategoryEntry: boolean;
}

/** Every rule of the glossary's README, as a list of problems (empty when the data is right). */
function glossaryProblems(files: readonly LoadedFile[], categoryKeys: readonly string[], shared: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const known = new Set(categoryKeys);
  const flood = new Set(FLOOD_WORDS.map(foldKey));
  const seen = new Map<string, Occurrence[]>();
  const perCategory = new Map<string, number>();
  let domainEntries = 0;

  const visit = (occurrence: Occurrence, forms: Record<Lang, readonly string[]>) => {
    for (const lang of ['en', 'am', 'latin'] as const) {
      for (const form of forms[lang]) {
        const problem = formProblem(lang, form);
        if (problem) problems.push(`${occurrence.at}: "${form}" ${problem}`);
        const key = foldKey(form.trim());
        if (!occurrence.isCategoryEntry && flood.has(key)) problems.push(`${occurrence.at}: "${form}" is too general for an entry`);
        seen.set(key, [...(seen.get(key) ?? []), occurrence]);
      }
    }
  };

  for (const file of files) {
    if (file.error !== undefined) {
      problems.push(`${file.name}: not valid JSON: ${file.error}`);
    } else if (file.name === CATEGORIES_FILE) {
      const parsed = categoriesFile.safeParse(file.data);
      if (!parsed.success) problems.push(...shapeProblems(file.name, parsed.error));
      parsed.data?.forEach((entry) => {
        perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + 1);
        if (!known.has(entry.category)) problems.push(`${file.name}: "${entry.category}" is not a category key`);
        const at = `${file.name} ${entry.category}`;
        visit({ file: file.name, at, categories: [entry.category], isCategoryEntry: true }, entry);
      });
    } else {
      const parsed = domainFile.safeParse(file.data);
      if (!parsed.success) problems.push(...shapeProblems(file.name, parsed.error));
      if (parsed.data && parsed.data.domain !== file.name.replace(/\.json$/, ''))
        problems.push(`${file.name}: "domain" must be the file's name without .json`);
      parsed.data?.entries.forEach((entry: DomainEntry, index) => {
        domainEntries += 1;
        const at = `${file.name} entry ${index + 1} (${entry.en[0] ?? '?'})`;
        for (const key of entry.categories) if (!known.has(key)) problems.push(`${at}: "${key}" is not a category key`);
        if (new Set(entry.categories).size !== entry.categories.length) problems.push(`${at}: a category is listed twice`);
        visit({ file: file.name, at, categories: entry.categories, isCategoryEntry: false }, entry);
      });
    }
  }

  if (domainEntries < MIN_ENTRIES) problems.push(`only ${domainEntries} entries in the domain files, at least ${MIN_ENTRIES} wanted`);
  for (const key of categoryKeys) {
    const count = perCategory.get(key) ?? 0;
    if (count !== 1) problems.push(`${CATEGORIES_FILE}: category "${key}" has ${count} entries, exactly 1 wanted`);
  }

  for (const [key, occurrences] of seen) {
    const byFile = new Map<string, Occurrence[]>();
    for (const o of occurrences) byFile.set(o.file, [...(byFile.get(o.file) ?? []), o]);
    for (const [file, inFile] of byFile)
      if (inFile.length > 1) problems.push(`${file}: "${key}" is repeated (${inFile.map((o) => o.at).join('; ')})`);
    const domainFiles = [...byFile.keys()].filter((file) => file !== CATEGORIES_FILE);
    if (domainFiles.length > 1 && !shared.has(key))
      problems.push(`"${key}" is in ${domainFiles.join(' and ')}: keep it in one, or allow it in SHARED_FORMS`);
    // A category's word may also be a domain entry's word only if that entry is listed in the category.
    for (const category of occurrences.filter((o) => o.isCategoryEntry).flatMap((o) => o.categories))
      for (const o of occurrences)
        if (!o.isCategoryEntry && !o.categories.includes(category))
          problems.push(`${o.at}: "${key}" is a word of category "${category}", list it`);
  }
  for (const key of shared) {
    const inFiles = new Set((seen.get(foldKey(key)) ?? []).map((o) => o.file).filter((file) => file !== CATEGORIES_FILE));
    if (inFiles.size < 2) problems.push(`SHARED_FORMS: "${key}" is no longer in two domain files`);
  }
  return problems;
}

const FILES = loadGlossaryFiles();
const KEYS = CATEGORIES.map((c) => c.key);

/** A deep copy of the files whose named file's data is changed by `edit`. */
function broken(name: string, edit: (data: never) => void): LoadedFile[] {
  return FILES.map((file) => {
    if (file.name !== name) return file;
    const data = structuredClone(file.data);
    edit(data as never);
    return { ...file, data };
  });
}

type Domain = z.infer<typeof domainFile>;
type CategoryList = z.infer<typeof categoriesFile>;
const problemsOf = (files: LoadedFile[], shared = SHARED_FORMS) => glossaryProblems(files, KEYS, shared);
const mentions = (text: string) => expect.arrayContaining([expect.stringContaining(text)]);

describe('glossary data', () => {
  it('has a categories file and domain files, each under the line limit', () => {
    const names = FILES.map((f) => f.name);
    expect(names).toContain(CATEGORIES_FILE);
    expect(names.length).toBeGreaterThan(5);
    for (const file of FILES) expect(file.text.split('\n').length, file.name).toBeLessThan(MAX_LINES);
  });

  it('follows every rule', () => {
    expect(problemsOf(FILES)).toEqual([]);
  });
});

describe('glossary rules catch broken data', () => {
  it('a form with a space or a hyphen', () => {
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.en.push('washing machine')))).toEqual(mentions('is not one word'));
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.am.push('የቤት-ዕቃ')))).toEqual(mentions('is not one word'));
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.latin.push(' dabo')))).toEqual(mentions('is not one word'));
  });

  it('a form in the wrong script or case', () => {
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.en.push('Bread')))).toEqual(mentions('lowercase ASCII (en)'));
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.en.push('ዳቦው')))).toEqual(mentions('lowercase ASCII (en)'));
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.latin.push('mekína')))).toEqual(mentions('lowercase ASCII (latin)'));
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.am.push('dabo')))).toEqual(mentions('Ethiopic letters only'));
  });

  it('an entry of the wrong shape', () => {
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.am.splice(0)))).toEqual(mentions('shape: entries.0.am'));
    expect(problemsOf(broken('food.json', (d: Domain) => Object.assign(d.entries[0] ?? {}, { english: ['x'] })))).toEqual(
      mentions('shape'),
    );
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.categories.push('foods', 'events', 'baby')))).toEqual(
      mentions('shape'),
    );
    expect(problemsOf(broken('food.json', (d: Domain) => (d.domain = 'drinks')))).toEqual(mentions('"domain" must be'));
    expect(problemsOf([...FILES, { name: 'x.json', text: '{', error: 'SyntaxError' }])).toEqual(mentions('x.json: not valid JSON'));
  });

  it('a category that does not exist, or a category without exactly one entry', () => {
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.categories.splice(0, 1, 'bakery')))).toEqual(
      mentions('"bakery" is not a category key'),
    );
    expect(problemsOf(broken(CATEGORIES_FILE, (d: CategoryList) => d.splice(0, 1)))).toEqual(
      mentions(`category "${KEYS[0]}" has 0 entries`),
    );
    expect(
      problemsOf(broken(CATEGORIES_FILE, (d: CategoryList) => d.push({ category: 'bakery', en: ['bakes'], am: ['ኬኮች'], latin: [] }))),
    ).toEqual(mentions('"bakery" is not a category key'));
  });

  it('a form repeated in a file, also through a same-sound spelling', () => {
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[1]?.en.push(d.entries[0]?.en[0] ?? '')))).toEqual(
      mentions('is repeated'),
    );
    // ሥጋ is ስጋ written with the other s: one word, so listing it again is a repeat.
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.am.push('ሥጋ')))).toEqual(mentions('food.json: "ስጋ" is repeated'));
    expect(problemsOf(broken(CATEGORIES_FILE, (d: CategoryList) => d[1]?.en.push(d[0]?.en[0] ?? '')))).toEqual(mentions('is repeated'));
  });

  it('a form in two domain files unless allowed, and a stale allowance', () => {
    const twice = broken('drinks.json', (d: Domain) => d.entries[0]?.am.push('ዳቦ'));
    expect(problemsOf(twice)).toEqual(mentions('"ዳቦ" is in drinks.json and food.json'));
    expect(problemsOf(twice, new Set([...SHARED_FORMS, 'ዳቦ']))).toEqual([]);
    expect(problemsOf(FILES, new Set([...SHARED_FORMS, 'ዳቦ']))).toEqual(mentions('"ዳቦ" is no longer in two'));
  });

  it("a category's word on a domain entry that does not list the category", () => {
    const meat = (d: Domain) => d.entries.find((e) => e.en.includes('meat'));
    expect(problemsOf(broken('food.json', (d: Domain) => meat(d)?.en.push('wedding')))).toEqual(mentions('is a word of category "events"'));
    expect(problemsOf(broken('food.json', (d: Domain) => meat(d)?.en.push('travel')))).toEqual(mentions('is a word of category "travels"'));
  });

  it('a word too general for an entry, and too few entries', () => {
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.en.push('discount')))).toEqual(mentions('too general'));
    expect(problemsOf(broken('food.json', (d: Domain) => d.entries[0]?.am.push('አዲስ')))).toEqual(mentions('too general'));
    const few = FILES.map((f) =>
      f.name === CATEGORIES_FILE ? f : { ...f, data: { ...(f.data as Domain), entries: (f.data as Domain).entries.slice(0, 5) } },
    );
    expect(problemsOf(few)).toEqual(mentions(`at least ${MIN_ENTRIES} wanted`));
  });
});

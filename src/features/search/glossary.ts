/**
 * The English ↔ Amharic glossary (data in ./glossary/*.json, how to add words in its README): a
 * query word found in an entry also matches every other form of that entry, in both scripts.
 * Pure: built once from the entries, then looked up by folded word.
 */
import { foldWord, latinKey, stemsOf } from './text.ts';

export interface GlossaryEntry {
  en: string[];
  am: string[];
  latin?: string[];
  /** Category keys where such things are listed: the categories a query word suggests. */
  categories?: string[];
}

export interface CategoryWords {
  category: string;
  en: string[];
  am: string[];
  latin?: string[];
}

/** Sound keys this short collide across unrelated words (ta: tea, toe…), so they look nothing up. */
const MIN_KEY_LOOKUP = 4;

export class Glossary {
  readonly size: number;
  private readonly byForm = new Map<string, number[]>();
  private readonly byKey = new Map<string, number[]>();
  private readonly forms: string[][];
  private readonly categoriesOfEntry: string[][];
  private readonly categoryForms = new Map<string, string[]>();

  constructor(entries: readonly GlossaryEntry[], categories: readonly CategoryWords[]) {
    const all: { forms: string[]; categories: string[] }[] = [
      ...entries.map((e) => ({ forms: [...e.en, ...e.am, ...(e.latin ?? [])], categories: e.categories ?? [] })),
      // A category's words are an entry too: "food" and "ምግብ" meet, and both suggest the category.
      ...categories.map((c) => ({ forms: [...c.en, ...c.am, ...(c.latin ?? [])], categories: [c.category] })),
    ];
    this.size = entries.length;
    this.forms = all.map((e) => [...new Set(e.forms.map((f) => foldWord(f.trim())).filter(Boolean))]);
    this.categoriesOfEntry = all.map((e) => e.categories);
    this.forms.forEach((forms, id) => {
      for (const form of forms) {
        for (const variant of [form, ...stemsOf(form)]) add(this.byForm, variant, id);
        const key = latinKey(form);
        if (key.length >= MIN_KEY_LOOKUP) add(this.byKey, key, id);
      }
    });
    categories.forEach((c, i) => this.categoryForms.set(c.category, this.forms[entries.length + i] ?? []));
  }

  /** The entries a folded word belongs to: by its form, its stems, or its sound. */
  private entriesOf(word: string): number[] {
    const ids = new Set<number>();
    for (const variant of [word, ...stemsOf(word)]) for (const id of this.byForm.get(variant) ?? []) ids.add(id);
    if (ids.size === 0) {
      const key = latinKey(word);
      if (key.length >= MIN_KEY_LOOKUP) for (const id of this.byKey.get(key) ?? []) ids.add(id);
    }
    return [...ids];
  }

  /** Every other form (folded) of the entries the word belongs to. */
  equivalents(word: string): string[] {
    const out = new Set<string>();
    for (const id of this.entriesOf(word)) for (const form of this.forms[id] ?? []) out.add(form);
    out.delete(word);
    return [...out];
  }

  /** Whether the word is in the glossary at all. */
  has(word: string): boolean {
    return this.entriesOf(word).length > 0;
  }

  /** The categories the word suggests, most specific first (its entries' own, then category entries). */
  categoriesOf(word: string): string[] {
    const out = new Set<string>();
    for (const id of this.entriesOf(word)) for (const key of this.categoriesOfEntry[id] ?? []) out.add(key);
    return [...out];
  }

  /** The words indexed on every listing of a category (its glossary words in both languages). */
  categoryWords(category: string): string[] {
    return this.categoryForms.get(category) ?? [];
  }
}

function add(map: Map<string, number[]>, key: string, id: number) {
  const ids = map.get(key);
  if (!ids) map.set(key, [id]);
  else if (!ids.includes(id)) ids.push(id);
}

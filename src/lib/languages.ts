/**
 * The language picker's options (spec: en, es, fr, de, zh, ja). Sefer is in English only for now;
 * choosing another language tells the visitor so instead of pretending to switch.
 */
export interface LanguageOption {
  code: string;
  /** The language's own name. */
  label: string;
  /** Its name in English, used in the notice. */
  englishName: string;
  flag: string;
}

export const LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', label: 'English', englishName: 'English', flag: '🇬🇧' },
  { code: 'es', label: 'Español', englishName: 'Spanish', flag: '🇪🇸' },
  { code: 'fr', label: 'Français', englishName: 'French', flag: '🇫🇷' },
  { code: 'de', label: 'Deutsch', englishName: 'German', flag: '🇩🇪' },
  { code: 'zh', label: '中文', englishName: 'Chinese', flag: '🇨🇳' },
  { code: 'ja', label: '日本語', englishName: 'Japanese', flag: '🇯🇵' },
];

/** The language the site is written in today. */
export const CURRENT_LANGUAGE = 'en';

export function findLanguage(code: string | null | undefined): LanguageOption | undefined {
  if (!code) return undefined;
  const wanted = code.trim().toLowerCase();
  return LANGUAGES.find((language) => language.code === wanted);
}

/** What to tell a visitor who picked a language; null when nothing (or nothing known) was picked. */
export function languageNotice(code: string | null | undefined): string | null {
  const language = findLanguage(code);
  if (!language) return null;
  if (language.code === CURRENT_LANGUAGE) return 'You are already reading Sefer in English.';
  return `Sefer is available in English for now; ${language.englishName} is coming soon.`;
}

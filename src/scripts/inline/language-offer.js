// English pages: offer Amharic in one line to a visitor whose browser prefers it (or who chose it
// before), never redirecting, so crawlers and shared links always see the page they asked for.
(() => {
  const line = document.querySelector('[data-language-offer]');
  const chosen = /(?:^|;\s*)sefer_lang=(\w+)/.exec(document.cookie)?.[1];
  if (!line || chosen === 'en') return;
  const first = (navigator.languages || [navigator.language]).find((tag) => /^(am|en)\b/i.test(tag)) || '';
  if (chosen !== 'am' && !/^am\b/i.test(first)) return;
  line.hidden = false;
  line.querySelector('[data-language-offer-dismiss]').addEventListener('click', () => {
    document.cookie = 'sefer_lang=en; path=/; max-age=31536000; samesite=lax';
    line.hidden = true;
  });
})();

/**
 * Contact links as sellers type them: a Telegram link or username, and http(s) addresses (the second
 * messenger and the website). Pure and isomorphic: only the standard `URL` global.
 */

const TELEGRAM_USERNAME = /^[A-Za-z0-9_]{5,32}$/;
const TELEGRAM_LINK = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/(.*)$/i;

/**
 * `https://t.me/{name}` for a Telegram link or username as sellers type it: `https://t.me/name`,
 * `t.me/name`, `telegram.me/name`, `@name` or `name` (5 to 32 letters, digits or _), or null.
 */
export function normalizeTelegram(value: string): string | null {
  const text = value.trim();
  const link = TELEGRAM_LINK.exec(text);
  let name: string;
  if (link) {
    // The first path segment is the username (a post link t.me/name/123 still names the channel).
    name = (link[1] ?? '').split(/[/?#]/)[0] ?? '';
    if (name.startsWith('@')) name = name.slice(1);
  } else {
    name = text.startsWith('@') ? text.slice(1) : text;
  }
  return TELEGRAM_USERNAME.test(name) ? `https://t.me/${name}` : null;
}

/**
 * An http(s) URL as typed, with `https://` put in front of a bare address (`example.com`), or null
 * when it is not a web address (another scheme, no dotted host name, spaces, credentials).
 */
export function normalizeHttpUrl(value: string): string | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  let withScheme = text;
  if (!/^https?:\/\//i.test(text)) {
    // Another scheme (mailto:, javascript:, ftp://) is refused; `host:8080` is a bare address.
    if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return null;
    withScheme = `https://${text.replace(/^\/+/, '')}`;
  }
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!/^[^.]+(\.[^.]+)*\.[a-z0-9-]{2,}$/i.test(url.hostname)) return null;
  return withScheme;
}

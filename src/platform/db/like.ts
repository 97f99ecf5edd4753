/** Escapes LIKE wildcards so a search for '50%' means the characters, not a pattern. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

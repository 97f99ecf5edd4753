/**
 * The offline worker as /sw.js serves it (src/pages/sw.js.ts): its comments and indentation left
 * out (a third of its bytes; every visitor downloads it), the site's language prefixes written in.
 * The worker's source keeps to what this needs: comments on lines of their own, no multi-line strings.
 */
export function servedWorker(source: string, prefixes: readonly string[]): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n')
    .replace("['__PREFIXES__']", JSON.stringify(prefixes));
}

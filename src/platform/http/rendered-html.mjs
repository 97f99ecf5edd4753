// @ts-check
/**
 * A page's HTML as Astro rendered it, kept on its response as a string. Astro (not streamed)
 * renders a page to a string, encodes it to UTF-8 for the response's body, and the page steps read
 * the body back into a string to cut its CSS (page-css.server.ts) before encoding it once more: the
 * first encoding and its decoding were 7 % of a miss's CPU (issue 31). With this Vite transform of
 * Astro's `renderPage`, the response carries the string under {@link RENDERED_HTML} and its body
 * is encoded only if something reads it (a response no page step takes, such as a form's answer).
 */

/** Where a rendered page's response keeps its HTML. */
export const RENDERED_HTML = Symbol.for('sefer.renderedHtml');

const ASTRO_ENCODE = `  if (!streaming && typeof body === "string") {
    body = encoder.encode(body);
    headers.set("Content-Length", body.byteLength.toString());
  }`;
const ASTRO_ANSWER = `  if (status) {
    return new Response(body, { ...init, headers, status, statusText });
  } else {
    return new Response(body, { ...init, headers });
  }`;

/**
 * The Vite plugin. The build fails if Astro's code is not as expected, so an upgrade that changes
 * it cannot silently bring the cost back.
 * @returns {{ name: string, transform(code: string, id: string): string | null }}
 */
export function keptRenderedHtml() {
  return {
    name: 'sefer:kept-rendered-html',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/astro/dist/runtime/server/render/page.js')) return null;
      if (!code.includes(ASTRO_ENCODE) || !code.includes(ASTRO_ANSWER))
        throw new Error(`[rendered-html] Astro's renderPage is not as expected in ${id}`);
      return code
        .replace(
          ASTRO_ENCODE,
          [
            '  let renderedHtml;',
            '  if (!streaming && typeof body === "string") {',
            '    renderedHtml = body;',
            '    headers.set("Content-Length", Buffer.byteLength(body).toString());',
            '  }',
          ].join('\n'),
        )
        .replace(
          ASTRO_ANSWER,
          [
            '  const answer = status ? new Response(body, { ...init, headers, status, statusText }) : new Response(body, { ...init, headers });',
            `  if (renderedHtml !== undefined) answer[Symbol.for('sefer.renderedHtml')] = renderedHtml;`,
            '  return answer;',
          ].join('\n'),
        );
    },
  };
}

/**
 * The page's HTML: the string Astro rendered when the response carries it, else its body read.
 * @param {Response} response
 * @returns {Promise<string>}
 */
export async function renderedHtmlOf(response) {
  const html = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (response))[RENDERED_HTML];
  if (typeof html === 'string') {
    // The body is not read: let it go without a reader.
    return html;
  }
  return response.text();
}

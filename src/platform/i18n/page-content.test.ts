import { describe, expect, it } from 'vitest';
import { pageContent, pageContentFiles, pageData, parsePageContent } from './page-content.ts';
import { inLocale } from './locale.server.ts';

describe('page content files', () => {
  it('reads the fields and writes the HTML as Astro writes a message: one line, wrapped text joined, quotes as entities', () => {
    // As prettier leaves it: blocks indented, a long text wrapped over two lines.
    const content = parsePageContent(
      `---\ntitle: Terms of use\nlead: What's "fair": this.\n---\n\n<h2 id="a">1. It's ours</h2>\n<ul>\n  <li>\n    <strong>A:</strong> "b" wrapped\n    here\n  </li>\n</ul>\n`,
    );
    expect(content.fields).toEqual({ title: 'Terms of use', lead: `What's "fair": this.` });
    expect(content.html).toBe('<h2 id="a">1. It&#39;s ours</h2><ul><li><strong>A:</strong> &quot;b&quot; wrapped here</li></ul>');
  });
  it('has every page in both languages, in the language of the request', async () => {
    const files = pageContentFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const { page, kind } of files) {
      expect(files).toContainEqual({ page, locale: 'en', kind });
      expect(files).toContainEqual({ page, locale: 'am', kind });
    }
    expect(pageContent('privacy', 'en').fields.title).toBe('Privacy policy');
    await inLocale('am', () => expect(pageContent('privacy').fields.title).toBe('የግላዊነት ፖሊሲ'));
    expect(pageData<{ title: string }>('helpcenter', 'en').title).toBe('Help centre');
  });
});

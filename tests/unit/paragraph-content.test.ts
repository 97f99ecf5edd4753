/**
 * A `<p>` holds phrasing content only. A block element inside one (a `<form>`, `<div>`, `<ul>`, …,
 * directly or through a component that renders one) makes the browser close the paragraph early and
 * turn its `</p>` into an empty stray paragraph: the W3C checker's "No p element in scope but a p
 * end tag seen" (issue 30: the deal page's Save form). Every template is read: pages, layouts and
 * components, each component known by what its own template can render.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Start tags that close an open `<p>` (HTML's tree construction, "in body" insertion mode). */
const CLOSES_P = new Set(
  'address article aside blockquote center dd details dialog dir div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li listing main menu nav ol p plaintext pre search section summary table ul xmp'.split(
    ' ',
  ),
);
const ALIASES: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports;

/** The template of an `.astro` file without its frontmatter, comments, scripts and styles; and its component imports. */
function readTemplate(source: string, file: string) {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source);
  const imports = new Map<string, string>();
  for (const [, name, from] of (front?.[1] ?? '').matchAll(/import\s+(\w+)\s+from\s+'([^']+\.astro)'/g)) {
    imports.set(name!, resolveImport(from!, file));
  }
  const template = source
    .slice(front?.[0].length ?? 0)
    .replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  return { template, imports };
}

function resolveImport(from: string, file: string): string {
  if (from.startsWith('.')) return path.resolve(path.dirname(file), from);
  const alias = Object.keys(ALIASES).find((key) => from.startsWith(key.replace('*', '')));
  return alias ? path.resolve(ROOT, ALIASES[alias]!.replace('*', from.slice(alias.length - 1))) : from;
}

/** Each `<p>`'s content that would close it early: a block tag, or a component whose template renders one. */
function paragraphProblems(file: string, read: (file: string) => string): string[] {
  const blocks = new Map<string, string | null>();
  /** The first block tag `file` can render (its own or a component's), or null. */
  function blockOf(component: string): string | null {
    if (blocks.has(component)) return blocks.get(component)!;
    blocks.set(component, null);
    const { template, imports } = readTemplate(read(component), component);
    const found = firstBlock(template, imports);
    blocks.set(component, found);
    return found;
  }
  function firstBlock(part: string, imports: Map<string, string>): string | null {
    for (const [, name] of part.matchAll(/<([A-Za-z][\w.-]*)/g)) {
      if (CLOSES_P.has(name!)) return `<${name}>`;
      const component = imports.get(name!);
      const inner = component ? blockOf(component) : null;
      if (inner) return `<${name}> (renders ${inner})`;
    }
    return null;
  }
  const source = read(file);
  const { template, imports } = readTemplate(source, file);
  const problems: string[] = [];
  for (const open of template.matchAll(/<p(?=[\s>])/g)) {
    const close = template.indexOf('</p>', open.index);
    const inside = template.slice(template.indexOf('>', open.index) + 1, close === -1 ? undefined : close);
    const block = firstBlock(inside, imports);
    if (block) {
      const line = source.split('\n').findIndex((text) => text.includes(inside.trim().split('\n')[0]!.trim())) + 1;
      problems.push(`${path.relative(ROOT, file)}:${line}: a <p> holds ${block}`);
    }
  }
  return problems;
}

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? astroFiles(full) : entry.name.endsWith('.astro') ? [full] : [];
  });
}

describe('paragraph content in templates', () => {
  it('finds a block element inside a <p>, directly or through a component', () => {
    const files: Record<string, string> = {
      '/x/Page.astro': [
        '---',
        "import Save from './Save.astro';",
        "import Link from './Link.astro';",
        '---',
        '<p class="a"><Save /><Link /></p>',
        '<p><Link /> <b>ok</b></p>',
        '<p>text<ul><li>x</li></ul></p>',
        '',
      ].join('\n'),
      '/x/Save.astro': '---\nconst a = 1;\n---\n<form method="post"><button>Save</button></form>\n',
      '/x/Link.astro': '<a href="/report">Report</a>\n',
    };
    // Named relative to the checkout, wherever it is.
    const page = path.relative(ROOT, '/x/Page.astro');
    expect(paragraphProblems('/x/Page.astro', (file) => files[file]!)).toEqual([
      `${page}:5: a <p> holds <Save> (renders <form>)`,
      `${page}:7: a <p> holds <ul>`,
    ]);
  });

  it('no page, layout or component puts a block element inside a <p>', () => {
    const problems = astroFiles(path.join(ROOT, 'src')).flatMap((file) => paragraphProblems(file, (f) => readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});

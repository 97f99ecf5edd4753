import { describe, expect, it } from 'vitest';
import { fillParts, namedParts, ownPartClose, ownPartOpen, partsOf } from './own-parts.ts';

const part = (name: string, html: string) => `${ownPartOpen(name)}${html}${ownPartClose()}`;

describe('a page cut at the parts that are its visitor’s', () => {
  const page = `<header>${part('greeting', '<button>Hi, Abebe</button>')}</header><main>${part('save:12:unsaved', '<b>Save</b>')}${part(
    'save:12:saved',
    '<b>Saved</b>',
  )}</main>${part('account', '<div>abebe@example.com</div>')}`;

  it('finds each part and the text between them', () => {
    const cut = partsOf(page)!;
    expect(cut.parts.map((p) => p.name)).toEqual(['greeting', 'save:12:unsaved', 'save:12:saved', 'account']);
    expect(cut.text).toEqual(['<header>', '</header><main>', '', '</main>', '']);
    expect(namedParts(cut, ['greeting', 'account'])).toEqual(
      new Map([
        ['greeting', '<button>Hi, Abebe</button>'],
        ['account', '<div>abebe@example.com</div>'],
      ]),
    );
  });

  it('puts another visitor’s parts in, keeps the chosen variant and drops the other, markers kept', () => {
    const cut = partsOf(page)!;
    const own = new Map([
      ['greeting', '<button>Hi, Sara</button>'],
      ['account', '<div>sara@example.com</div>'],
    ]);
    const html = fillParts(cut, ({ name, html: inner }) => own.get(name) ?? (name === 'save:12:saved' ? inner : null));
    expect(html).toBe(
      `<header>${part('greeting', '<button>Hi, Sara</button>')}</header><main>${part('save:12:saved', '<b>Saved</b>')}</main>${part(
        'account',
        '<div>sara@example.com</div>',
      )}`,
    );
    expect(html).not.toContain('Abebe');
    expect(partsOf(html)!.parts).toHaveLength(3);
  });

  it('refuses markers that do not pair up, and a missing shell part', () => {
    expect(partsOf(`${ownPartOpen('greeting')}<b>`)).toBeNull();
    expect(partsOf(`<b>${ownPartClose()}`)).toBeNull();
    expect(partsOf(`${ownPartOpen('a')}${ownPartOpen('b')}x${ownPartClose()}${ownPartClose()}`)).toBeNull();
    expect(partsOf('<!--own:bad name-->x<!--/own-->')).toBeNull();
    expect(namedParts(partsOf(part('greeting', 'x'))!, ['greeting', 'account'])).toBeNull();
    expect(partsOf('<p>no parts</p>')).toEqual({ text: ['<p>no parts</p>'], parts: [] });
  });

  it('names a part only with letters, digits and :_-', () => {
    expect(() => ownPartOpen('a-->b')).toThrow();
    expect(ownPartOpen('save:3:saved')).toBe('<!--own:save:3:saved-->');
  });
});

/**
 * The import rules of docs/ARCHITECTURE.md (and the 400-line limit) are enforced by ESLint (eslint.imports.js, run by
 * `npm run validate`). Each case plants one import in a real file's place and asks ESLint, with the
 * project's own configuration, what it says: a rule that stopped working fails here.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids ESLint reports for `source` placed at `file` (relative to the repository). */
async function rulesFor(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return [...new Set(result!.messages.map((message) => message.ruleId ?? message.message))].sort();
}

describe('the import rules', () => {
  it('refuse an upward import: a lower feature importing a higher one', async () => {
    expect(await rulesFor('src/features/media/planted.server.ts', "export { bot } from '#features/telegram/bot.server.ts';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesFor('src/features/payments/planted.server.ts', "export * from '#features/shop/shop.ts';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuse an import between siblings of one level (trust and community)', async () => {
    expect(await rulesFor('src/features/trust/planted.ts', "export * from '#features/community/community.ts';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuse platform and db importing a feature', async () => {
    expect(await rulesFor('src/platform/http/planted.ts', "export * from '#features/listings/categories.ts';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesFor('src/db/planted.ts', "export * from '#features/listings/holidays.ts';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuse a planted cycle', async () => {
    // locales.ts imports safe-path.ts; safe-path.ts importing locales.ts closes the circle.
    const source = "import { onwardHref } from '#platform/i18n/locales.ts';\nexport const onward = onwardHref;\n";
    expect(await rulesFor('src/platform/http/safe-path.ts', source)).toEqual(['import-x/no-cycle']);
  });

  it('refuse a server module in a pure module or an island', async () => {
    const source = "export { config } from '#platform/config/config.server.ts';\n";
    expect(await rulesFor('src/features/listings/planted.ts', source)).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesFor('src/features/shop/island/planted.ts', source)).toEqual(['@typescript-eslint/no-restricted-imports']);
  });

  it('refuse a file over 400 lines', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';
    expect(await rulesFor('src/features/listings/planted.ts', lines(401))).toEqual(['max-lines']);
    expect(await rulesFor('src/features/listings/planted.ts', lines(400))).toEqual([]);
  });

  it('allow a downward import, and pages importing any feature', async () => {
    expect(await rulesFor('src/features/listings/planted.server.ts', "export * from '#features/accounts/account.ts';\n")).toEqual([]);
    expect(await rulesFor('src/features/admin/planted.server.ts', "export * from '#features/telegram/bot.server.ts';\n")).toEqual([]);
    const typeOnly = "import type { SessionUser } from '#features/accounts/auth.server.ts';\nexport type Owner = SessionUser;\n";
    expect(await rulesFor('src/features/listings/planted.ts', typeOnly)).toEqual([]);
    expect(await rulesFor('src/pages/planted.ts', "export * from '#features/admin/moderation.server.ts';\n")).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { open, seal } from './encryption.server.ts';

describe('the secrets box', () => {
  it('opens with its passphrase only, and shows nothing of what it holds', async () => {
    const secret = Buffer.from('auth_secret=abcdefghijklmnopqrstuvwxyz0123456789');
    const box = await seal(secret, 'a long enough passphrase');
    expect(box.includes(secret)).toBe(false);
    expect(box.includes(Buffer.from('abcdefghijklmnop'))).toBe(false);
    expect((await open(box, 'a long enough passphrase')).equals(secret)).toBe(true);
    await expect(open(box, 'another passphrase here')).rejects.toThrow(/does not open/);
  });

  it('refuses a box with a changed byte, and what is not a box', async () => {
    const box = await seal(Buffer.from('x'.repeat(100)), 'a long enough passphrase');
    box[box.length - 1]! ^= 1;
    await expect(open(box, 'a long enough passphrase')).rejects.toThrow(/does not open/);
    await expect(open(Buffer.from('not a box at all'), 'a long enough passphrase')).rejects.toThrow(/Not a Sefer secrets box/);
  });

  it('seals the same bytes differently each time (a fresh salt and nonce)', async () => {
    const a = await seal(Buffer.from('same'), 'a long enough passphrase');
    const b = await seal(Buffer.from('same'), 'a long enough passphrase');
    expect(a.equals(b)).toBe(false);
  });
});

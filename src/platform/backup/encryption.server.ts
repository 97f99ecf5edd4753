/**
 * The passphrase box of a backup's secrets (decision 31): scrypt turns the passphrase and a random
 * salt into a key, AES-256-GCM seals the bytes (a wrong passphrase or a changed byte fails to open).
 * Layout: "SEFERBOX1" | salt (16) | nonce (12) | tag (16) | ciphertext.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';

const MAGIC = Buffer.from('SEFERBOX1');
/** scrypt's cost: 2^15 × 8 × 128 bytes = 32 MiB of memory and about 0.1 s a backup. */
const COST = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(passphrase, salt, 32, COST, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function seal(bytes: Uint8Array, passphrase: string): Promise<Buffer> {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), nonce);
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([MAGIC, salt, nonce, cipher.getAuthTag(), body]);
}

export async function open(box: Buffer, passphrase: string): Promise<Buffer> {
  if (!box.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('Not a Sefer secrets box.');
  let at = MAGIC.length;
  const take = (n: number) => box.subarray(at, (at += n));
  const salt = take(16);
  const nonce = take(12);
  const tag = take(16);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), nonce);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(box.subarray(at)), decipher.final()]);
  } catch {
    throw new Error('The passphrase does not open this backup’s secrets (wrong passphrase, or the file is damaged).');
  }
}

/**
 * /readyz names the dependency that is down (issue 32): the media bucket, against the S3 fake,
 * stopped; and an unreachable bucket's ECONNREFUSED is not taken for the database's.
 */
import type { APIContext } from 'astro';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closedPort } from '#tests/fakes/closed-port.ts';
import { startLocalS3 } from '#tests/fakes/s3-server.ts';
import { DependencyUnavailable, failedDependency } from '#platform/health/dependencies.ts';

const s3 = await startLocalS3('readyz-media');
Object.assign(process.env, s3.env);
const { isDatabaseUnavailable } = await import('#platform/db/db.server.ts');
const { s3MediaStorage } = await import('#features/media/media-storage.server.ts');
const { MEDIA_CHECK_EVERY_MS } = await import('#features/media/media-health.server.ts');
const { GET } = await import('#pages/readyz.ts');

let closed = false;
afterAll(async () => {
  vi.useRealTimers();
  if (!closed) await s3.close();
});

const answers = { execute: async () => ({ rows: [{ '?column?': 1 }] }) };
const refuses = {
  execute: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
};
const readyz = async (db: object) => {
  const response = await GET({ locals: { db } } as unknown as APIContext);
  return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: (await response.json()) as unknown };
};

describe('/readyz and the media bucket', () => {
  it('an unreachable bucket fails as media, never as the database', async () => {
    const storage = s3MediaStorage({
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      region: 'us-east-1',
      bucket: 'readyz-media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: undefined,
    });
    const error = await storage.size('u/a.webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyUnavailable);
    expect(failedDependency(error)).toBe('media');
    expect(isDatabaseUnavailable(error)).toBe(false);
    await expect(storage.ping!(AbortSignal.timeout(2000))).rejects.toBeInstanceOf(DependencyUnavailable);
  });

  it('says ready while the database and the bucket answer, and names each that does not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await readyz(answers)).toEqual({ status: 200, retryAfter: null, body: { ok: true } });
    expect(await readyz(refuses)).toMatchObject({ status: 503, retryAfter: '5', body: { ok: false, down: ['database'] } });

    await s3.close();
    closed = true;
    // The bucket's last answer is kept a few seconds (readyz stays cheap), then asked again.
    expect((await readyz(answers)).status).toBe(200);
    vi.setSystemTime(Date.now() + MEDIA_CHECK_EVERY_MS + 1);
    expect(await readyz(answers)).toEqual({ status: 503, retryAfter: '5', body: { ok: false, down: ['media'] } });
    expect((await readyz(refuses)).body).toEqual({ ok: false, down: ['database', 'media'] });
  });
});

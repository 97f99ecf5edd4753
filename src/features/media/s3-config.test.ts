import { describe, expect, it } from 'vitest';
import { parseConfig } from '#platform/config/config.server.ts';
import { withMediaOrigin, FALLBACK_CSP } from '#platform/http/csp.mjs';

const BUCKET = {
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: 'https://minio.internal:9000/',
  S3_REGION: 'auto',
  S3_BUCKET: 'sefer-media',
  S3_ACCESS_KEY_ID: 'sefer',
  S3_SECRET_ACCESS_KEY: 'a-long-secret',
};

describe('media storage configuration', () => {
  it('keeps media on this machine by default, whatever empty values say', () => {
    expect(parseConfig({}).media).toEqual({ storage: 'local' });
    expect(parseConfig({ MEDIA_STORAGE: '', S3_BUCKET: '', S3_PUBLIC_URL: '' }).media).toEqual({ storage: 'local' });
    expect(parseConfig({ MEDIA_STORAGE: 'local' }).media).toEqual({ storage: 'local' });
  });

  it('reads the bucket settings, without trailing slashes, and the optional public URL', () => {
    expect(parseConfig(BUCKET).media).toEqual({
      storage: 's3',
      s3: {
        endpoint: 'https://minio.internal:9000',
        region: 'auto',
        bucket: 'sefer-media',
        accessKeyId: 'sefer',
        secretAccessKey: 'a-long-secret',
        publicUrl: undefined,
      },
    });
    const cdn = parseConfig({ ...BUCKET, S3_PUBLIC_URL: 'https://media.sefer.et/sefer/' }).media;
    expect(cdn.storage === 's3' && cdn.s3.publicUrl).toBe('https://media.sefer.et/sefer');
  });

  it('names every missing S3 variable when MEDIA_STORAGE=s3', () => {
    const error = (() => {
      try {
        parseConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'sefer-media' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(error).toContain(`${name}: is required when MEDIA_STORAGE=s3`);
    }
    expect(error).not.toContain('S3_BUCKET');
  });

  it('refuses S3 settings without MEDIA_STORAGE=s3, a bad storage, endpoint, bucket or public URL', () => {
    expect(() => parseConfig({ ...BUCKET, MEDIA_STORAGE: undefined })).toThrow(/MEDIA_STORAGE: must be s3 when S3_ENDPOINT, .*S3_BUCKET/);
    expect(() => parseConfig({ S3_PUBLIC_URL: 'https://cdn.sefer.et' })).toThrow(/MEDIA_STORAGE: must be s3 when S3_PUBLIC_URL is set/);
    expect(() => parseConfig({ MEDIA_STORAGE: 'disk' })).toThrow(/MEDIA_STORAGE: must be local or s3/);
    expect(() => parseConfig({ ...BUCKET, S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig({ ...BUCKET, S3_BUCKET: 'Sefer_Media' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseConfig({ ...BUCKET, S3_PUBLIC_URL: 'cdn.sefer.et' })).toThrow(/S3_PUBLIC_URL/);
  });

  it('lets pages load images and video from the public media origin, and nothing else changes', () => {
    expect(withMediaOrigin(FALLBACK_CSP, undefined)).toBe(FALLBACK_CSP);
    const policy = withMediaOrigin(FALLBACK_CSP, 'https://media.sefer.et');
    expect(policy).toContain("img-src 'self' https://media.sefer.et data: blob:");
    expect(policy).toContain("media-src 'self' https://media.sefer.et blob:");
    expect(policy.replaceAll(' https://media.sefer.et', '')).toBe(FALLBACK_CSP);
  });
});

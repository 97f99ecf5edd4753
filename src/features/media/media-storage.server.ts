/**
 * Where stored media lives, behind one interface: this machine's disk under `DATA_DIR/media` (the
 * embedded default) or an S3-compatible bucket (MEDIA_STORAGE=s3). An object's name is its path
 * under `/media/`: `u/abc123.webp`, `u/abc123-card.webp`, `seed/coffee-video.mp4`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as Aws from '@aws-sdk/client-s3';
import { config, type S3Config } from '#platform/config/config.server.ts';
import { DependencyUnavailable } from '#platform/health/dependencies.ts';

/** Stored media never changes (keys are random or versioned): every copy may be kept for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Bytes `start` to `end`, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStorage {
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  read(name: string): Promise<Buffer | null>;
  /** The object's size in bytes, or null when there is none. */
  size(name: string): Promise<number | null>;
  /** The object's bytes (a range of them), or null when there is none. */
  stream(name: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes objects; missing ones are fine. */
  remove(names: readonly string[]): Promise<void>;
  /** Every stored object with its size, in no set order (backups, src/platform/backup/). */
  list(): AsyncIterable<{ name: string; size: number }>;
  /** Throws unless the storage answers within `signal`'s time (the bucket's HEAD; /readyz asks). Local storage has none. */
  ping?(signal: AbortSignal): Promise<void>;
}

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Media as files under `root`. */
export function localMediaStorage(root: string): MediaStorage {
  const file = (name: string) => {
    const resolved = path.resolve(root, name);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error(`Media name outside the media folder: ${name}`);
    return resolved;
  };
  const orNull = async <T>(work: Promise<T>): Promise<T | null> => {
    try {
      return await work;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    async put(name, bytes) {
      const target = file(name);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed: a reader (or a later seed reusing the name) never sees half a file.
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, target);
      } catch (error) {
        // A full disk (or any failure) leaves no half-written file behind (issue 32).
        await rm(partial, { force: true }).catch(() => {});
        throw error;
      }
    },
    read: (name) => orNull(readFile(file(name))),
    size: async (name) => {
      const info = await orNull(stat(file(name)));
      return info?.isFile() ? info.size : null;
    },
    async stream(name, range) {
      const handle = await orNull(open(file(name)));
      if (!handle) return null;
      const bytes = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(bytes) as ReadableStream<Uint8Array>;
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(file(name), { force: true })));
    },
    async *list() {
      const entries = await orNull(readdir(root, { recursive: true, withFileTypes: true }));
      for (const entry of entries ?? []) {
        // A file being written is renamed into place when complete (put above).
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
        const full = path.join(entry.parentPath, entry.name);
        const info = await orNull(stat(full));
        if (info) yield { name: path.relative(root, full).split(path.sep).join('/'), size: info.size };
      }
    },
  };
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Media as objects in an S3-compatible bucket. */
export function s3MediaStorage(s3: S3Config): MediaStorage {
  // The SDK is loaded when the bucket is first used: a process with a media folder never holds it
  // (20–30 MB of resident memory, issue 31).
  let loaded: Promise<{ aws: typeof Aws; client: Aws.S3Client }> | undefined;
  const sdk = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((aws) => ({
      aws,
      client: new aws.S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        // Path-style addressing works on every S3-compatible server (MinIO, R2, AWS) without DNS per bucket.
        forcePathStyle: true,
        // Checksums only where S3 demands them: several compatible servers refuse the SDK's newer defaults.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = s3.bucket;
  // Every failure but a missing object names the bucket (DependencyUnavailable): an unreachable bucket's
  // ECONNREFUSED is not the database's (issue 32).
  const guarded = async <T>(work: (s: { aws: typeof Aws; client: Aws.S3Client }) => Promise<T>): Promise<T> => {
    const loadedSdk = await sdk();
    try {
      return await work(loadedSdk);
    } catch (error) {
      if (isNotFound(error)) throw error;
      throw new DependencyUnavailable('media', error);
    }
  };
  const get = async (name: string, range?: ByteRange) => {
    try {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      return (await guarded(({ aws, client }) => client.send(new aws.GetObjectCommand({ Bucket, Key: name, Range })))).Body ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  return {
    async put(name, bytes, contentType) {
      await guarded(({ aws, client }) =>
        client.send(
          new aws.PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }),
        ),
      );
    },
    async read(name) {
      const body = await get(name);
      return body ? Buffer.from(await body.transformToByteArray()) : null;
    },
    async size(name) {
      try {
        return (await guarded(({ aws, client }) => client.send(new aws.HeadObjectCommand({ Bucket, Key: name })))).ContentLength ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stream(name, range) {
      const body = await get(name, range);
      return body ? body.transformToWebStream() : null;
    },
    async remove(names) {
      // One request per object: DeleteObjects needs a Content-MD5 some compatible servers insist on and the SDK no longer sends.
      await guarded(({ aws, client }) => Promise.all(names.map((name) => client.send(new aws.DeleteObjectCommand({ Bucket, Key: name })))));
    },
    async ping(signal) {
      await guarded(({ aws, client }) => client.send(new aws.HeadBucketCommand({ Bucket }), { abortSignal: signal }));
    },
    async *list() {
      const { aws, client } = await sdk();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new aws.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield { name: object.Key, size: object.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

let bucket: { settings: S3Config; storage: MediaStorage } | undefined;

/**
 * This process's media storage: the S3 bucket when MEDIA_STORAGE=s3, otherwise the media folder
 * of `dataDir` (the configured DATA_DIR unless given).
 */
export function mediaStorage(dataDir = config().dataDir): MediaStorage {
  const { media } = config();
  if (media.storage === 'local') return localMediaStorage(mediaRoot(dataDir));
  if (bucket?.settings !== media.s3) bucket = { settings: media.s3, storage: s3MediaStorage(media.s3) };
  return bucket.storage;
}

/**
 * A local S3-compatible server for the tests (s3rver: the S3 REST API over files in a temporary
 * folder), on a free port of 127.0.0.1, with the bucket the test names already created.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface LocalS3 {
  /** The S3_* settings of an app using the bucket (no S3_PUBLIC_URL). */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** Every object name in the bucket, sorted. */
  names(): Promise<string[]>;
  client: S3Client;
  close(): Promise<void>;
}

// s3rver accepts any signature made with its own fixed key pair.
const KEY = 'S3RVER';

export async function startLocalS3(bucket = 'sefer-media'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sefer-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    endpoint,
    bucket,
    client,
    async names() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A local S3-compatible server (s3rver) for the tests of the S3 store (issue 10 "Scale-out"): a
 * free port on 127.0.0.1, its objects in a fresh temporary folder, one bucket, and the settings an
 * app or an S3FileStorage takes. s3rver checks request signatures with its fixed key pair.
 */
import fs from 'node:fs';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/lib/s3-storage';
import { tempDir } from './test-app';

/** A running s3rver and how to reach it. */
export interface LocalS3 {
  settings: S3Settings;
  /** Folder of s3rver's objects (`<bucket>/<key>._S3rver_object`). */
  directory: string;
  close(): Promise<void>;
}

/** Starts s3rver with an empty bucket `bucket`. */
export async function startLocalS3(bucket = 'media'): Promise<LocalS3> {
  const directory = tempDir('shop-s3-');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  let closed = false;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    directory,
    /** Stops s3rver (the bucket then refuses connections) and removes its folder; once, however often called. */
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

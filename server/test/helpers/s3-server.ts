/**
 * A local S3-compatible server (s3rver) for the tests of the S3 store (issue 10 "Scale-out"): a
 * free port on 127.0.0.1, its objects in a fresh temporary folder, one bucket, and the settings an
 * app or an S3FileStorage takes. s3rver checks request signatures with its fixed key pair.
 */
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/settings';
import { tempDir } from './test-app';

/** A running s3rver and how to reach it. */
export interface LocalS3 {
  settings: S3Settings;
  /** Folder of s3rver's objects (`<bucket>/<key>._S3rver_object`). */
  directory: string;
  close(): Promise<void>;
}

/**
 * What s3rver 3.7 lacks of the multipart API and a resumable upload (@tus/s3-store) asks on every
 * resume: ListParts (`GET <key>?uploadId=`) and AbortMultipartUpload (`DELETE <key>?uploadId=`),
 * answered from s3rver's own part files (`<bucket>/._S3rver_uploads/<uploadId>/<n>` and `<n>.md5`).
 */
function multipartExtras(directory: string, bucket: string): S3rver['middleware'][number] {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, inBucket, ...key] = ctx.path.split('/');
    if (!uploadId || inBucket !== bucket || !/^[\w-]+$/.test(uploadId) || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const folder = path.join(directory, bucket, '._S3rver_uploads', uploadId);
    if (!fs.existsSync(folder)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = fs
      .readdirSync(folder)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const stat = fs.statSync(path.join(folder, String(number)));
        const md5 = fs.readFileSync(path.join(folder, `${number}.md5`), 'utf8');
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId>` +
      `<PartNumberMarker>0</PartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

/** Starts s3rver with an empty bucket `bucket`. */
export async function startLocalS3(bucket = 'media'): Promise<LocalS3> {
  const directory = tempDir('shop-s3-');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(multipartExtras(directory, bucket));
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

/** The part of s3rver 3.7 (a local S3-compatible server, dev only) that the tests use; it ships no types. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  /** A Koa middleware: s3rver is a Koa app. */
  type Middleware = (ctx: { method: string; path: string; query: Record<string, string | undefined>; status: number; body: unknown; type: string }, next: () => Promise<void>) => Promise<void>;

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, run in order (s3rver's own routes last). */
    middleware: Middleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

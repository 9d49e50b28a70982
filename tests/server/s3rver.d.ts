// The parts of @20minutes/s3rver (a maintained fork of s3rver, plain JavaScript) the S3 transfer test uses.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    /** Where buckets and objects are kept on disk. */
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    /** Buckets created before the server answers (each written to the store as CreateBucket would). */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list, composed when the server starts. */
    middleware: ((ctx: { method: string; url: string }, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

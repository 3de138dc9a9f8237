import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import S3rver from 's3rver';
import { S3Client } from '@aws-sdk/client-s3';
import type { DeployConfig } from './deploy';

/** One request as the server saw it: when it arrived and when its answer was sent. */
export interface S3Request {
  method: string;
  bucket: string;
  /** Within its bucket; '' for the bucket itself (a listing). */
  key: string;
  started: number;
  ended: number;
}

export interface LocalS3 {
  /** Where s3rver keeps the objects; removed by close(). */
  directory: string;
  endpoint: string;
  /** The bucket a deploy publishes to. */
  bucket: string;
  /** A second bucket, where `config()` keeps the state (tools/deploy/state-location.ts). */
  stateBucket: string;
  client: S3Client;
  /** Every request in order of arrival; `started`/`ended` are positions in one shared sequence. */
  requests: S3Request[];
  config(overrides?: Partial<DeployConfig>): DeployConfig;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) in this process, storing in a fresh temporary folder, with two
 * buckets: the site's, and one for the state the CDN must not serve. For the deploy, history and channel
 * tests and the benchmarks; its request log is what they count.
 */
export async function startLocalS3(bucket = 'site'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const stateBucket = `${bucket}-state`;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [bucket, stateBucket].map((name) => ({ name, configs: [] })),
  });
  const address = (await server.run()) as AddressInfo;
  const requests: S3Request[] = [];
  let sequence = 0;
  const httpServer = (server as unknown as { httpServer: Server }).httpServer;
  enforceWritePreconditions(httpServer, server as unknown as MetadataStore);
  httpServer.prependListener('request', (request, response) => {
    const entry: S3Request = {
      method: request.method ?? '',
      ...addressOf(request),
      started: sequence++,
      ended: -1,
    };
    requests.push(entry);
    response.on('finish', () => {
      entry.ended = sequence++;
    });
  });
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver accepts these fixed credentials and no others.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    directory,
    endpoint,
    bucket,
    stateBucket,
    client,
    requests,
    config: (overrides = {}) => ({
      dir: 'public',
      bucket,
      prefix: '',
      state: { bucket: stateBucket, prefix: '' },
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      dryRun: false,
      concurrency: 8,
      grace: { days: 7, deploys: 2 },
      listPageSize: 1000,
      ...overrides,
    }),
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The bucket and key a path-style request names. */
function addressOf(request: IncomingMessage): { bucket: string; key: string } {
  const [bucket = '', ...key] = new URL(request.url ?? '/', 'http://s3').pathname.slice(1).split('/');
  return { bucket: decodeURIComponent(bucket), key: decodeURIComponent(key.join('/')) };
}

interface MetadataStore {
  store: { getMetadata(bucket: string, key: string): Promise<{ etag: string }> };
}

/**
 * S3 refuses a PutObject whose `If-Match` names another ETag than the object's, or whose
 * `If-None-Match: *` meets an existing object, with 412 PreconditionFailed (tools/deploy/conditional-object.ts
 * relies on it); s3rver 3 ignores both headers. This puts S3's rule in front of s3rver's handler, and
 * runs conditional writes one at a time, so the check and the write are one step as they are on S3.
 */
function enforceWritePreconditions(httpServer: Server, { store }: MetadataStore): void {
  const handlers = httpServer.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  httpServer.removeAllListeners('request');
  const pass = (request: IncomingMessage, response: ServerResponse) => {
    for (const handler of handlers) handler.call(httpServer, request, response);
  };
  let queue = Promise.resolve();
  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const ifMatch = request.headers['if-match'];
    const ifNoneMatch = request.headers['if-none-match'];
    if (request.method !== 'PUT' || (!ifMatch && !ifNoneMatch)) return pass(request, response);
    queue = queue.then(async () => {
      const { bucket, key } = addressOf(request);
      const current = await store.getMetadata(bucket, key).then(
        (metadata) => metadata.etag,
        () => null,
      );
      const holds = ifMatch ? current !== null && unquoted(ifMatch) === unquoted(current) : !(ifNoneMatch === '*' && current !== null);
      if (!holds) {
        request.resume();
        response.writeHead(412, { 'content-type': 'application/xml' });
        response.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
        );
        return;
      }
      await new Promise<void>((resolve) => {
        response.on('close', () => resolve());
        pass(request, response);
      });
    });
  });
}

function unquoted(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '');
}

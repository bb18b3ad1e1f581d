import { gzipSync } from 'node:zlib';

/** Bytes a Response takes as its body (a Buffer's type is too wide for BodyInit). */
export type Bytes = Uint8Array<ArrayBuffer>;
export const bytes = (buffer: Uint8Array): Bytes => new Uint8Array(buffer);

/** gzip, once, for answers kept in memory and sent many times. */
export const gzip = (body: Uint8Array | string): Bytes => bytes(gzipSync(body));

/** Whether the client takes gzip (`Accept-Encoding: gzip`, not refused with q=0). */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  acceptEncoding !== undefined && /\bgzip\b(?!\s*;\s*q=0(\.0*)?\b)/i.test(acceptEncoding);

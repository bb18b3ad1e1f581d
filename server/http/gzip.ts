import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bytes a Response takes as its body (a Buffer's type is too wide for BodyInit). */
export type Bytes = Uint8Array<ArrayBuffer>;
export const bytes = (buffer: Uint8Array): Bytes => new Uint8Array(buffer);

/** gzip, once, for answers kept in memory and sent many times. */
export const gzip = (body: Uint8Array | string): Bytes => bytes(gzipSync(body));

/**
 * Brotli at its best quality, once, for files made at build time: about a seventh smaller than gzip on
 * the storefront's scripts and styles, for a second of the site server's start. Too slow for a page
 * rendered at a rush, which stays gzip.
 */
export const brotli = (body: Uint8Array): Bytes =>
  bytes(
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );

const ACCEPTS = {
  gzip: /\bgzip\b(?!\s*;\s*q=0(\.0*)?\b)/i,
  br: /\bbr\b(?!\s*;\s*q=0(\.0*)?\b)/i,
};

/** Whether the client takes this coding (`Accept-Encoding: gzip, br`, not refused with q=0). */
export const accepts = (acceptEncoding: string | undefined, coding: keyof typeof ACCEPTS): boolean =>
  acceptEncoding !== undefined && ACCEPTS[coding].test(acceptEncoding);

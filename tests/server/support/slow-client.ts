import { connect } from 'node:net';
import { expect } from 'vitest';

/** What a slow client saw: the server closed its socket after `afterMs`, having answered `answer`. */
export interface Closed {
  afterMs: number;
  answer: string;
}

/**
 * A client of the server on `port` (127.0.0.1) that sends `head` and then `tail` one byte every 50 ms
 * (if any), never finishing; resolves when the server closes the socket.
 */
export function trickle(port: number, head: string, tail: string): Promise<Closed> {
  const socket = connect(port, '127.0.0.1');
  const opened = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  socket.on('error', () => {}); // the server's close may reach a write as a reset
  let sent = 0;
  const timer = setInterval(() => {
    if (tail && !socket.destroyed && socket.writable) socket.write(tail.charAt(sent++ % tail.length));
  }, 50);
  socket.once('connect', () => socket.write(head));
  return new Promise<Closed>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - opened, answer });
    }),
  );
}

/** The server closed a slow client at `timeoutMs`: not before it, and less than `lateMs` after. */
export function expectClosedAt({ afterMs }: Closed, timeoutMs: number, lateMs: number): void {
  expect(afterMs).toBeGreaterThanOrEqual(timeoutMs - 50);
  expect(afterMs).toBeLessThan(timeoutMs + lateMs);
}

/** `count` slow-loris clients of the server on `port`: a request line for `path`, then a header that never ends. */
export const slowLoris = (port: number, count: number, path: string): Promise<Closed[]> =>
  Promise.all(
    Array.from({ length: count }, () =>
      trickle(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `, 'abcdefghijklmnopqrstuvwxyz'),
    ),
  );

/** Every slow-loris client was closed at the headers timeout, answered 408. */
export function expectHeadersCut(closings: Closed[], headersTimeoutMs: number, lateMs: number): void {
  for (const closed of closings) {
    expectClosedAt(closed, headersTimeoutMs, lateMs);
    expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
  }
}

import { connect } from 'node:net';

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

import { describe, expect, it, vi } from 'vitest';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import type { OrderStreamStatus } from '../../contract/order-stream.ts';
import { openOrderStream, reconnectDelay } from '../../src/api/order-stream.ts';
import { type FakeStreamApi, fakeStreamApi as fakeApi, frame } from './support/stream-api.ts';

const orderEvent = (id: number, fields: Partial<OrderEvent> = {}): OrderEvent => ({
  id,
  orderId: '0b6f4f0e-0000-4000-8000-000000000001',
  transactionId: 'PZ0000000001',
  sequence: id,
  from: 'paid',
  to: 'accepted',
  by: { actor: 'staff', uid: 'admin-1' },
  at: '2026-11-23T20:05:09.000Z',
  note: null,
  ...fields,
});
function open(
  api: FakeStreamApi,
  options: {
    scope?: 'mine' | 'all';
    lastEventId?: number;
    token?: string | null | (() => string | null);
    idleMs?: number;
  } = {},
) {
  const events: OrderEvent[] = [];
  const statuses: OrderStreamStatus[] = [];
  const messages: Array<string | undefined> = [];
  const delays: number[] = [];
  const unauthorized = vi.fn();
  const stop = openOrderStream(
    {
      scope: options.scope ?? 'mine',
      onEvent: (event) => events.push(event),
      onStatus: (status, message) => {
        statuses.push(status);
        messages.push(message);
      },
      ...(options.lastEventId === undefined ? {} : { lastEventId: options.lastEventId }),
    },
    {
      fetch: api.fetch as typeof fetch,
      token: () => {
        const { token } = options;
        return typeof token === 'function' ? token() : token === undefined ? 'api-token' : token;
      },
      unauthorized,
      baseUrl: 'https://pizzon.example/api',
      sleep: async (ms) => {
        delays.push(ms);
      },
      idleMs: options.idleMs ?? 60_000,
    },
  );
  return { events, statuses, messages, delays, unauthorized, stop };
}

/** Opens a stream, writes `chunks` to it one by one, and answers the events it delivered. */
async function deliveredFrom(...chunks: Array<string | Uint8Array>) {
  const api = fakeApi();
  const stream = open(api);
  await vi.waitFor(() => expect(stream.statuses).toContain('live'));
  for (const chunk of chunks) api.write(chunk);
  // A last frame of its own: once it is in, everything written before it has been read.
  api.write(frame(orderEvent(99)));
  await vi.waitFor(() => expect(stream.events.at(-1)?.id).toBe(99));
  stream.stop();
  return stream.events.slice(0, -1).map((event) => event.id);
}

// The text/event-stream format (WHATWG HTML, "Server-sent events") as the reader reads it, through
// eventsource-parser: the cases the hand-written parser was held to.
describe('the event stream, as the reader parses it', () => {
  it('reads id, event and data lines, one event per blank line', async () => {
    expect(await deliveredFrom(frame(orderEvent(1)) + frame(orderEvent(2)))).toEqual([1, 2]);
  });

  it('joins multi-line data with newlines', async () => {
    const json = JSON.stringify(orderEvent(3), null, 1);
    expect(json).toContain('\n');
    const lines = json.split('\n').map((line) => `data: ${line}\n`);
    expect(await deliveredFrom(`id: 3\nevent: order\n${lines.join('')}\n`)).toEqual([3]);
  });

  it('takes CRLF, CR and LF line ends alike, even cut between CR and LF', async () => {
    const text =
      frame(orderEvent(1)).replaceAll('\n', '\r\n') +
      frame(orderEvent(2)).replaceAll('\n', '\r') +
      frame(orderEvent(3));
    expect(await deliveredFrom(text)).toEqual([1, 2, 3]);
    // Cut at every place, one character at a time.
    expect(await deliveredFrom(...text.split(''))).toEqual([1, 2, 3]);
  });

  it('dispatches nothing for comments (heartbeats)', async () => {
    expect(await deliveredFrom(': ping\n\n', ':live\n\n', frame(orderEvent(4)))).toEqual([4]);
  });

  it('ignores an id with NUL and unknown fields, still delivering the event', async () => {
    const event = orderEvent(5);
    expect(
      await deliveredFrom(
        `id: 5\u0000\nfoo: bar\nretry: 2500\nevent: order\ndata: ${JSON.stringify(event)}\n\n`,
      ),
    ).toEqual([5]);
  });

  it('drops a leading byte order mark and an event the stream ended in the middle of', async () => {
    // Left in, the mark would make the first field an unknown one: the event would lose its name.
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    expect(await deliveredFrom(bom, `event: order\ndata: ${JSON.stringify(orderEvent(6))}\n\n`)).toEqual([6]);
    const api = fakeApi();
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses).toContain('live'));
    api.write(`${frame(orderEvent(7))}id: 8\nevent: order\ndata: ${JSON.stringify(orderEvent(8))}\n`);
    api.cut();
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    api.write(frame(orderEvent(9)));
    await vi.waitFor(() => expect(stream.events.map((e) => e.id)).toEqual([7, 9]));
    expect(api.requests[1]!.headers['Last-Event-ID']).toBe('7');
    stream.stop();
  });
});

describe('openOrderStream', () => {
  it('opens the scope’s stream with the stored token in the header, never in the URL', async () => {
    const api = fakeApi();
    const mine = open(api, { scope: 'mine' });
    await vi.waitFor(() => expect(mine.statuses).toEqual(['connecting', 'live']));
    expect(api.requests[0]!.url).toBe('https://pizzon.example/api/my-orders-stream');
    expect(api.requests[0]!.headers).toEqual({
      Accept: 'text/event-stream',
      Authorization: 'Bearer api-token',
    });
    mine.stop();
    const all = open(api, { scope: 'all', lastEventId: 41 });
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.url).toBe('https://pizzon.example/api/admin-order-stream');
    expect(api.requests[1]!.headers['Last-Event-ID']).toBe('41');
    all.stop();
  });

  it('delivers each valid order event, skipping what the contract refuses and other events', async () => {
    const api = fakeApi();
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses).toContain('live'));
    api.write(frame(orderEvent(1)));
    api.write(': ping\n\n');
    api.write(`id: 2\nevent: order\ndata: ${JSON.stringify({ ...orderEvent(2), to: 'teleported' })}\n\n`);
    api.write('id: 3\nevent: order\ndata: {not json\n\n');
    api.write(`id: 4\nevent: other\ndata: ${JSON.stringify(orderEvent(4))}\n\n`);
    const multi = orderEvent(5, { note: 'line one\nline two' });
    // Split mid-frame, with CRLF line ends.
    const text = frame(multi).replaceAll('\n', '\r\n');
    api.write(text.slice(0, 17));
    api.write(text.slice(17));
    await vi.waitFor(() => expect(stream.events.map((e) => e.id)).toEqual([1, 5]));
    expect(stream.events[1]!.note).toBe('line one\nline two');
    stream.stop();
  });

  it('resumes after a cut with the highest id as Last-Event-ID, delivering a replayed event once', async () => {
    const api = fakeApi();
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses).toEqual(['connecting', 'live']));
    api.write(frame(orderEvent(8)) + frame(orderEvent(7)));
    await vi.waitFor(() => expect(stream.events).toHaveLength(2));
    api.cut();
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.headers['Last-Event-ID']).toBe('8');
    await vi.waitFor(() => expect(stream.statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']));
    api.write(frame(orderEvent(8)) + frame(orderEvent(9)));
    await vi.waitFor(() => expect(stream.events.map((e) => e.id)).toEqual([8, 7, 9]));
    stream.stop();
  });

  it('backs off 1 s doubling to 30 s while the API is away, and starts over after a success', async () => {
    const failures: Array<number | 'network'> = [
      'network',
      503,
      'network',
      'network',
      502,
      'network',
      'network',
    ];
    const api = fakeApi([...failures, 200]);
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses.at(-1)).toBe('live'));
    expect(stream.delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(stream.statuses).toEqual(['connecting', 'reconnecting', 'live']);
    api.cut();
    await vi.waitFor(() => expect(api.requests).toHaveLength(9));
    expect(stream.delays.at(-1)).toBe(1_000);
    expect(reconnectDelay(1)).toBe(1_000);
    expect(reconnectDelay(20)).toBe(30_000);
    stream.stop();
  });

  it.each([401, 403])('stops and signs out on %i', async (status) => {
    const api = fakeApi([status]);
    const stream = open(api);
    await vi.waitFor(() => expect(stream.unauthorized).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(stream.statuses).toEqual(['connecting']);
  });

  it('signs out without calling when no token is stored', async () => {
    const api = fakeApi();
    const stream = open(api, { token: null });
    await vi.waitFor(() => expect(stream.unauthorized).toHaveBeenCalledTimes(1));
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('reconnects when the connection goes silent (no heartbeat)', async () => {
    const api = fakeApi();
    const stream = open(api, { idleMs: 30 });
    await vi.waitFor(() => expect(api.requests.length).toBeGreaterThanOrEqual(2));
    expect(api.requests[0]!.signal.aborted).toBe(true);
    expect(stream.statuses).toContain('reconnecting');
    stream.stop();
  });

  it('stops for good when closed: the request is aborted and nothing more is reported', async () => {
    const api = fakeApi();
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses).toContain('live'));
    stream.stop();
    expect(api.requests[0]!.signal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(stream.statuses).toEqual(['connecting', 'live']);
    expect(stream.events).toEqual([]);
  });

  it('waits as long as a 429 asks, showing its message, then connects by itself', async () => {
    const message = 'You have 5 live order views open already.';
    const full = () => Response.json({ message }, { status: 429, headers: { 'Retry-After': '30' } });
    const api = fakeApi([full(), full(), 200]);
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses.at(-1)).toBe('live'));
    expect(stream.delays).toEqual([30_000, 30_000]);
    expect(stream.statuses).toEqual(['connecting', 'waiting', 'live']);
    expect(stream.messages).toEqual([undefined, message, undefined]);
    expect(api.fetch).toHaveBeenCalledTimes(3);
    expect(stream.unauthorized).not.toHaveBeenCalled();
    stream.stop();
  });

  it('backs off from a 429 without Retry-After as from any failure, and never past 5 minutes', async () => {
    const api = fakeApi([
      new Response('busy', { status: 429 }),
      Response.json({ message: 'x' }, { status: 429, headers: { 'Retry-After': '86400' } }),
      200,
    ]);
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses.at(-1)).toBe('live'));
    expect(stream.delays).toEqual([1_000, 300_000]);
    expect(stream.messages[1]).toMatch(/connects by itself/);
    stream.stop();
  });

  const end = (reason: string) =>
    `event: end\ndata: ${JSON.stringify({ reason, message: 'This account has been disabled or deleted' })}\n\n`;

  it.each([
    'unauthenticated',
    'forbidden',
  ])('stops and signs out when the server ends the stream as %s', async (reason) => {
    const api = fakeApi();
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses).toEqual(['connecting', 'live']));
    api.write(end(reason));
    api.cut();
    await vi.waitFor(() => expect(stream.unauthorized).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(stream.delays).toEqual([]);
  });

  it('resumes at once with the renewed token when the server ends the stream at its token’s expiry', async () => {
    let token = 'first-token';
    const api = fakeApi();
    const stream = open(api, { token: () => token });
    await vi.waitFor(() => expect(stream.statuses).toEqual(['connecting', 'live']));
    api.write(frame(orderEvent(3)));
    await vi.waitFor(() => expect(stream.events).toHaveLength(1));
    token = 'renewed-token';
    api.write(end('expired'));
    api.cut();
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.headers).toMatchObject({
      Authorization: 'Bearer renewed-token',
      'Last-Event-ID': '3',
    });
    expect(stream.delays).toEqual([]);
    expect(stream.statuses).toEqual(['connecting', 'live']);
    stream.stop();
  });

  it('backs off as after a cut when the token expired and no newer one is stored (the API then answers 401)', async () => {
    const api = fakeApi([200, 401]);
    const stream = open(api);
    await vi.waitFor(() => expect(stream.statuses).toEqual(['connecting', 'live']));
    api.write(end('expired'));
    api.cut();
    await vi.waitFor(() => expect(stream.unauthorized).toHaveBeenCalledTimes(1));
    expect(stream.delays).toEqual([1_000]);
    expect(api.fetch).toHaveBeenCalledTimes(2);
  });
});

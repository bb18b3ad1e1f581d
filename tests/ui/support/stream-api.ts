// The API's order stream as a page's reader meets it: each fetch gets the next scripted answer, and a
// 200 is a stream the test writes to (tests/ui/order-stream.test.ts, live-events-once.test.tsx).
import { vi } from 'vitest';
import type { OrderEvent } from '../../../contract/order-lifecycle.ts';

/** One order event as the server frames it. */
export const frame = (event: OrderEvent) =>
  `id: ${event.id}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`;

/** A fake API: each fetch gets the next scripted answer; 200s are streams the test writes to. */
export function fakeStreamApi(script: Array<number | 'network' | Response> = []) {
  const requests: Array<{ url: string; headers: Record<string, string>; signal: AbortSignal }> = [];
  const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
  const encoder = new TextEncoder();
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url),
      headers: { ...(init?.headers as Record<string, string>) },
      signal: init!.signal!,
    });
    const answer = script.shift() ?? 200;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer instanceof Response) return answer;
    if (answer !== 200) return Response.json({ message: 'no' }, { status: answer });
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = controller;
        streams.push(controller);
      },
    });
    // As a real fetch does: aborting the request fails its body.
    init?.signal?.addEventListener('abort', () => {
      try {
        stream.error(new DOMException('aborted', 'AbortError'));
      } catch {}
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    fetch,
    requests,
    /** Writes to the newest open stream. */
    write: (text: string | Uint8Array) =>
      streams.at(-1)!.enqueue(typeof text === 'string' ? encoder.encode(text) : text),
    /** The server ends the newest stream (a restart, a proxy's cut). */
    cut: () => streams.at(-1)!.close(),
  };
}

export type FakeStreamApi = ReturnType<typeof fakeStreamApi>;

// The text/event-stream format (WHATWG HTML, "Server-sent events": parsing an event stream), for
// streams read with fetch: EventSource cannot send an Authorization header, and our token must not go
// into a URL (it would land in logs and histories).

/** One dispatched event. */
export interface SseMessage {
  /** The last event ID at dispatch: this event's `id:`, or an earlier one's if it named none. */
  id: string;
  /** The `event:` name, 'message' when none was given. */
  event: string;
  /** The `data:` lines joined by '\n'. */
  data: string;
}

export interface SseHandlers {
  onMessage: (message: SseMessage) => void;
  /** A `:` line (the server's heartbeat), without the colon. */
  onComment?: (text: string) => void;
  /** A `retry:` field: the server's reconnection delay in ms. */
  onRetry?: (ms: number) => void;
}

export interface SseParser {
  /** Feeds decoded text, cut anywhere (even between a CR and its LF). */
  push: (text: string) => void;
}

export function createSseParser({ onMessage, onComment, onRetry }: SseHandlers): SseParser {
  let pending = '';
  /** The previous chunk ended with CR: an LF starting this one belongs to that line end. */
  let afterCr = false;
  let started = false;
  let event = '';
  let data: string[] = [];
  let lastId = '';

  function dispatch() {
    // A block of only comments, ids or events dispatches nothing (but an id is kept).
    if (data.length > 0) onMessage({ id: lastId, event: event || 'message', data: data.join('\n') });
    data = [];
    event = '';
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return onComment?.(text.slice(1).replace(/^ /, ''));
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') {
      if (!value.includes('\0')) lastId = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) onRetry?.(Number(value));
    }
    // Any other field is ignored, as the format says.
  }

  return {
    push(text) {
      let chunk = text;
      if (!started && chunk.length > 0) {
        started = true;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      if (afterCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      afterCr = false;
      pending += chunk;
      for (;;) {
        const end = pending.search(/[\r\n]/);
        if (end < 0) return;
        const crAtEnd = pending[end] === '\r' && end === pending.length - 1;
        const width = pending.startsWith('\r\n', end) ? 2 : 1;
        const text = pending.slice(0, end);
        pending = pending.slice(end + width);
        // A CR that ends the chunk may be the first half of a CRLF: its LF is skipped when it comes.
        if (crAtEnd) afterCr = true;
        line(text);
      }
    },
  };
}

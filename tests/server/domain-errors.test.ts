import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  Conflict,
  type DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  Unauthenticated,
  Unavailable,
  UpstreamFailed,
} from '../../server/api/domain-errors.ts';
import { errorHandler } from '../../server/api/http/error-handler.ts';
import { TransitionConflict, TransitionRefused } from '../../server/api/services/order-lifecycle.ts';

/** An app whose one route throws `error`, answered by the app's error handler; what it logged. */
function throwing(error: unknown) {
  const logged: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = new Hono()
    .get('/', () => {
      throw error;
    })
    .onError(errorHandler(pino(sink)));
  return { answer: () => app.request('/'), logged };
}

async function answerOf(error: unknown) {
  const response = await throwing(error).answer();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

const MESSAGE = 'Only 2 Margherita left in stock';

const KINDS: Array<[new (message: string) => DomainError, ContentfulStatusCode]> = [
  [InvalidInput, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [UpstreamFailed, 502],
  [Unavailable, 503],
];

describe('the one error handler: a domain error answers its status and { message }', () => {
  it.each(KINDS)('%o answers %i', async (Kind, status) => {
    const answer = await answerOf(new Kind(MESSAGE));
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ message: MESSAGE });
    expect(answer.headers['content-type']).toMatch(/^application\/json\b/);
  });

  it.each(
    KINDS,
  )('%o answers byte for byte what HTTPException(%i) answered before it', async (Kind, status) => {
    expect(await answerOf(new Kind(MESSAGE))).toEqual(
      await answerOf(new HTTPException(status, { message: MESSAGE })),
    );
  });

  it('an order refused or overtaken by the lifecycle answers 409 with its message', async () => {
    const order = { transactionId: 'PZ0123456789ABCDEF01234567' };
    const refused = new TransitionRefused(order, 'delivered', 'paid', 'customer');
    const overtaken = new TransitionConflict(order, 'awaiting_payment', 'paid');
    for (const error of [refused, overtaken]) {
      const answer = await answerOf(error);
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.body)).toEqual({ message: error.message });
    }
    expect(overtaken.message).toBe(
      'Order PZ0123456789ABCDEF01234567 is no longer Awaiting payment (it is Paid now): reload it and try again',
    );
  });

  it('a refusal is not logged as our failure; anything else is, and answers 500 without saying what', async () => {
    const refusal = throwing(new Conflict(MESSAGE));
    await refusal.answer();
    expect(refusal.logged).toEqual([]);

    const bug = throwing(new TypeError('x is undefined'));
    const response = await bug.answer();
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(bug.logged).toMatchObject([{ level: 50, msg: 'unhandled error' }]);
  });

  it('the database away or too slow answers 503, not 500', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const away = new Error('query failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(await answerOf(cancelled)).toMatchObject({
      status: 503,
      body: JSON.stringify({ message: 'The kitchen is too busy right now. Please try again in a moment.' }),
    });
    expect(await answerOf(away)).toMatchObject({
      status: 503,
      body: JSON.stringify({ message: 'The kitchen is briefly offline. Please try again in a moment.' }),
    });
  });
});

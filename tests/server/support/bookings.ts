import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../../server/db/schema.ts';
import { bookingSlot } from './dates.ts';
import type { TestContext } from './test-app.ts';

let guests = 0;

/** A guest's booking as the storefront posts it: a new guest each time, at a slot of its own unless told. */
export async function bookTable(
  ctx: TestContext,
  changes: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const n = ++guests;
  const response = await ctx.request('/reservations', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Nadia Rahman',
      email: `guest${n}@example.com`,
      persons: 2,
      ...bookingSlot(n),
      ...changes,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A booking's signed link as its confirmation mail carries it. */
export interface GuestLink {
  id: string;
  url: URL;
  reference: string;
  key: string;
}

export async function linkFromMail(ctx: TestContext, id: string): Promise<GuestLink> {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.reservationId, id), eq(mailOutbox.kind, 'booking')));
  const url = new URL(/https?:\/\/\S+\/booking\/\S+/.exec(mail!.body)![0]);
  return {
    id,
    url,
    reference: decodeURIComponent(url.pathname.split('/').at(-1)!),
    key: url.searchParams.get('key')!,
  };
}

/** A stored booking and its link. */
export async function bookedWithLink(
  ctx: TestContext,
  changes: Record<string, unknown> = {},
): Promise<GuestLink> {
  const { status, body } = await bookTable(ctx, changes);
  expect(status).toBe(201);
  return linkFromMail(ctx, body.insertedId as string);
}

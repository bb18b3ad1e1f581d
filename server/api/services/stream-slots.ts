// The places of the live order streams (table open_streams): a stream opens only if its account and
// its caller's address are under their caps, counted over every API process
// (docs/decisions/024-bounded-streams.md).
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { openStreams } from '../../db/schema.ts';

/** How long a stream's place is kept without its process renewing it: a crashed process's lapse then. */
export const STREAM_LEASE_MS = 60_000;
/** How often a process renews the places of its open streams, well within a lease. */
const RENEW_EVERY_MS = STREAM_LEASE_MS / 3;

export interface SlotRequest {
  uid: string;
  /** The caller's address as the rate limits key it. */
  address: string;
  maxPerAccount: number;
  maxPerAddress: number;
}

/** A place taken (its row's id), or which cap is full. */
export type SlotClaim = { id: string } | { full: 'account' | 'address' };

const leaseFromNow = () => sql`now() + make_interval(secs => ${STREAM_LEASE_MS / 1000})`;

/**
 * Takes a place for a new stream unless its account or its address already holds its cap of them. The
 * count and the insert run under transaction-level advisory locks on the account and on the address,
 * so claims racing on any number of processes are counted one after another: never one over a cap.
 * The account's lock is always taken before the address's, in lock spaces of their own, so two claims
 * never wait for each other in a circle.
 */
export function claimStreamSlot(db: Database, request: SlotRequest): Promise<SlotClaim> {
  const { uid, address, maxPerAccount, maxPerAddress } = request;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pizzon:stream-account'), hashtext(${uid}))`);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('pizzon:stream-address'), hashtext(${address}))`,
    );
    const mine = or(eq(openStreams.accountUid, uid), eq(openStreams.address, address));
    await tx.delete(openStreams).where(and(mine, lte(openStreams.leaseUntil, sql`now()`)));
    const [held] = await tx
      .select({
        account: sql<number>`count(*) filter (where ${openStreams.accountUid} = ${uid})`.mapWith(Number),
        address: sql<number>`count(*) filter (where ${openStreams.address} = ${address})`.mapWith(Number),
      })
      .from(openStreams)
      .where(mine);
    if ((held?.account ?? 0) >= maxPerAccount) return { full: 'account' };
    if ((held?.address ?? 0) >= maxPerAddress) return { full: 'address' };
    const [row] = await tx
      .insert(openStreams)
      .values({ accountUid: uid, address, leaseUntil: leaseFromNow() })
      .returning({ id: openStreams.id });
    return { id: row!.id };
  });
}

/** This process's open streams' places: renewed together while any is open, each given back at its close. */
export interface SlotKeeper {
  keep: (id: string) => void;
  /** Frees the place at once (a stream of the same account may open the next moment). */
  release: (id: string) => Promise<void>;
}

export function keepStreamSlots(db: Database, onError: (error: unknown) => void): SlotKeeper {
  const kept = new Set<string>();
  let renewal: NodeJS.Timeout | undefined;
  // One statement for all of them: a thousand open streams cost one query every RENEW_EVERY_MS.
  const renew = () =>
    db
      .update(openStreams)
      .set({ leaseUntil: leaseFromNow() })
      .where(inArray(openStreams.id, [...kept]))
      .catch(onError);
  return {
    keep(id) {
      kept.add(id);
      renewal ??= setInterval(() => void renew(), RENEW_EVERY_MS);
    },
    async release(id) {
      kept.delete(id);
      if (kept.size === 0) {
        clearInterval(renewal);
        renewal = undefined;
      }
      await db.delete(openStreams).where(eq(openStreams.id, id)).catch(onError);
    },
  };
}

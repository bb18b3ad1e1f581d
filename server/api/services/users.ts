import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { UserFilters } from '../../../contract/admin.ts';
import type { Page } from '../../../contract/paging.ts';
import { CUSTOMER_ROLE, isCustomerRole, type ProfileUpdate, type User } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { toUser, type UserRow } from '../../db/rows.ts';
import { cartLines, userSearchText, users } from '../../db/schema.ts';
import { Conflict, InvalidInput, NotFound, UpstreamFailed } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import { afterCursor, containing, cursorAt, newestFirst, type PageRequest, toPage } from './paging.ts';

export async function findUserByUid(db: Database, uid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid));
  return row;
}

/** undefined when no record has that id (a malformed id included). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface Registration {
  uid: string;
  /** From the verified ID token only; '' when it carries none. */
  email: string;
  emailVerified: boolean;
  displayName: string;
  photoURL: string;
}

/**
 * Creates the customer record for a uid, once: the new id, or null when the uid is already registered
 * (the existing record is left exactly as it is). Every sign-up is a customer.
 */
export async function registerUser(db: Database, registration: Registration): Promise<string | null> {
  const [row] = await db
    .insert(users)
    .values({ ...registration, role: CUSTOMER_ROLE })
    .onConflictDoNothing({ target: users.uid })
    .returning({ id: users.id });
  return row?.id ?? null;
}

/** Writes the profile fields of record `id`; false when they already held these values. */
export async function updateProfile(db: Database, id: string, update: ProfileUpdate): Promise<boolean> {
  const changed = await db
    .update(users)
    .set(update)
    .where(
      and(
        eq(users.id, id),
        sql`(${users.displayName}, ${users.photoURL}, ${users.address})
          is distinct from (${update.displayName}::text, ${update.photoURL}::text, ${update.address}::text)`,
      ),
    )
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Keeps the address a customer gave at checkout on their profile; false when it was already there. */
export async function saveAddress(db: Database, id: string, address: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ address })
    .where(and(eq(users.id, id), sql`${users.address} is distinct from ${address}::text`))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** A page of user records, newest first, as Manage users filters them. */
export async function listUsers(db: Database, query: PageRequest & UserFilters): Promise<Page<User>> {
  const { role, q, limit, cursor } = query;
  const rows = await db
    .select({ ...getTableColumns(users), cursorAt: cursorAt(users) })
    .from(users)
    .where(
      and(
        role === undefined
          ? undefined
          : role === CUSTOMER_ROLE
            ? sql`${users.role} = 'user'`
            : sql`${users.role} <> 'user'`,
        q === undefined ? undefined : sql`${userSearchText(users)} like ${containing(q)}`,
        afterCursor(users, cursor),
      ),
    )
    .orderBy(...newestFirst(users))
    .limit(limit + 1);
  return toPage(rows, limit, toUser);
}

export const NO_SUCH_ACCOUNT = 'No account has this id';
export const ACCOUNT_MISMATCH = 'The record id and the user id do not belong to the same account';
export const OWN_ACCOUNT = 'You can not delete your own account';
export const ADMIN_ACCOUNT = 'An admin account can not be deleted';
export const PROVIDER_UNREACHABLE =
  'The sign-in service could not delete this account. Nothing was deleted; please try again.';

export interface DeleteCustomerDeps {
  db: Database;
  /** Deletes the identity provider's account; 'already_gone' when it has none. Rejects on failure. */
  deleteAccount: (uid: string) => Promise<'deleted' | 'already_gone'>;
  logger: Logger;
}

/**
 * An admin deletes a customer: record `recordId` must be the account `uid`, not the caller's own and
 * of the customer role. The provider's account goes first (so a refusal there leaves everything as it
 * was and a retry finds it already gone), then, in one transaction, the cart lines and the record.
 * Orders stay: they are the restaurant's books.
 */
export async function deleteCustomer(
  { db, deleteAccount, logger }: DeleteCustomerDeps,
  caller: string,
  recordId: string,
  uid: string,
): Promise<void> {
  const record = await findUserById(db, recordId);
  if (!record) throw new NotFound(NO_SUCH_ACCOUNT);
  if (record.uid !== uid) throw new InvalidInput(ACCOUNT_MISMATCH);
  if (record.uid === caller) throw new Conflict(OWN_ACCOUNT);
  if (!isCustomerRole(record.role)) throw new Conflict(ADMIN_ACCOUNT);

  const outcome = await deleteAccount(record.uid).catch((error: unknown) => {
    logger.warn({ err: error, uid: record.uid }, 'the identity provider did not delete the account');
    throw new UpstreamFailed(PROVIDER_UNREACHABLE);
  });
  if (outcome === 'already_gone') logger.info({ uid: record.uid }, 'provider account was already gone');

  await db.transaction(async (tx) => {
    // Re-checked under the row lock: the role could have changed while the provider was asked.
    const [locked] = await tx.select().from(users).where(eq(users.id, record.id)).for('update');
    if (!locked) throw new NotFound(NO_SUCH_ACCOUNT);
    if (!isCustomerRole(locked.role)) throw new Conflict(ADMIN_ACCOUNT);
    await tx.delete(cartLines).where(eq(cartLines.userUid, locked.uid));
    await tx.delete(users).where(eq(users.id, locked.id));
  });
}

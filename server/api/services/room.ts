// The room the owner sets up (Admin → Tables): its tables and its rules, and the day's room as a
// booking's transaction reads it (docs/decisions/034-tables-and-bookings.md).
import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import type { DiningTable, RoomSettings, TableInput } from '../../../contract/booking.ts';
import type { Page } from '../../../contract/paging.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { diningTables, reservationTables, roomSettings } from '../../db/schema.ts';
import { Conflict, NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import type { Executor } from './mail-outbox.ts';
import { afterCursorOldestFirst, cursorAt, oldestFirst, type PageRequest, toPage } from './paging.ts';
import type { ShopClock } from './shop-clock.ts';
import type { HeldSpan, RoomTable } from './table-fit.ts';

export const NO_SUCH_TABLE = 'No table has this id';

export async function readRoomSettings(db: Executor): Promise<RoomSettings> {
  const [row] = await db.select().from(roomSettings).where(eq(roomSettings.id, 1));
  if (!row) throw new Error('room_settings has no row (migration 0015 inserts it)');
  return {
    gridMinutes: row.gridMinutes === 30 ? 30 : 15,
    stayUpTo: row.stayUpTo,
    stayMinutes: row.stayMinutes,
    stayLargerMinutes: row.stayLargerMinutes,
    cancelCutoffMinutes: row.cancelCutoffMinutes,
    reminderMinutes: row.reminderMinutes,
    confirmByHand: row.confirmByHand,
  };
}

/** The owner's rules, for the bookings made from now on (a booking keeps the stay it was given). */
export async function saveRoomSettings(db: Database, settings: RoomSettings): Promise<RoomSettings> {
  await db
    .update(roomSettings)
    .set({
      gridMinutes: settings.gridMinutes,
      stayUpTo: settings.stayUpTo,
      stayMinutes: settings.stayMinutes,
      stayLargerMinutes: settings.stayLargerMinutes,
      cancelCutoffMinutes: settings.cancelCutoffMinutes,
      reminderMinutes: settings.reminderMinutes,
      confirmByHand: settings.confirmByHand,
    })
    .where(eq(roomSettings.id, 1));
  return readRoomSettings(db);
}

type TableRow = typeof diningTables.$inferSelect;

export const tableAnswer = (row: TableRow): DiningTable => ({
  _id: row.id,
  name: row.name,
  section: row.section,
  minSeats: row.minSeats,
  maxSeats: row.maxSeats,
  joinable: row.joinable,
  createdAt: row.createdAt.toISOString(),
});

/** The room's tables a page at a time, in the order they were set up. */
export async function listTables(db: Database, { limit, cursor }: PageRequest): Promise<Page<DiningTable>> {
  const rows = await db
    .select({ ...getTableColumns(diningTables), cursorAt: cursorAt(diningTables) })
    .from(diningTables)
    .where(and(isNull(diningTables.removedAt), afterCursorOldestFirst(diningTables, cursor)))
    .orderBy(...oldestFirst(diningTables))
    .limit(limit + 1);
  return toPage(rows, limit, tableAnswer);
}

/** True when PostgreSQL refused a row for a unique index (a name taken meanwhile). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const nameTaken = (name: string) => new Conflict(`There is already a table named ${name}`);

export async function createTable(db: Database, input: TableInput): Promise<DiningTable> {
  try {
    const [row] = await db.insert(diningTables).values(input).returning();
    return tableAnswer(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** A table's new seats or name: the bookings it already has keep it. */
export async function updateTable(db: Database, id: string, input: TableInput): Promise<DiningTable> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_TABLE);
  try {
    const [row] = await db
      .update(diningTables)
      .set(input)
      .where(and(eq(diningTables.id, id), isNull(diningTables.removedAt)))
      .returning();
    if (!row) throw new NotFound(NO_SUCH_TABLE);
    return tableAnswer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/**
 * Takes a table out of the room, unless a booking still to come holds it (Conflict: move or cancel
 * that first). Marked first, then checked, in one transaction: a booking being given the table now
 * reads it FOR SHARE (readDayRoom), so either it commits first and is seen here, or it waits and then
 * finds the table gone.
 */
export async function removeTable(db: Database, clock: ShopClock, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_TABLE);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(diningTables)
      .set({ removedAt: sql`now()` })
      .where(and(eq(diningTables.id, id), isNull(diningTables.removedAt)))
      .returning({ name: diningTables.name });
    if (!row) throw new NotFound(NO_SUCH_TABLE);
    const today = clock.today();
    const [ahead] = await tx
      .select({ date: reservationTables.date })
      .from(reservationTables)
      .where(
        and(
          eq(reservationTables.tableId, id),
          eq(reservationTables.holding, true),
          or(
            gt(reservationTables.date, today),
            and(eq(reservationTables.date, today), gt(reservationTables.endMinute, clock.minuteOfDay())),
          ),
        ),
      )
      .limit(1);
    if (ahead) {
      throw new Conflict(
        `Table ${row.name} has bookings still to come (the first on ${ahead.date}): move or cancel them first`,
      );
    }
  });
}

/**
 * Every booking's transaction for a day takes this lock first: the bookings of one day are assigned
 * tables one at a time across every API process, each seeing the tables the one before took. (The
 * exclusion constraint on reservation_tables would refuse a double booking anyway; the lock makes the
 * one who loses get the next free times instead of an error.)
 */
export async function lockRoomDay(tx: Transaction, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pizzon:room:${date}`}, 0))`);
}

export interface DayRoom {
  tables: RoomTable[];
  held: HeldSpan[];
}

/** The room's tables (read FOR SHARE: see removeTable) and what holds them on `date`. */
export async function readDayRoom(tx: Executor, date: string): Promise<DayRoom> {
  const tables = await tx
    .select({
      id: diningTables.id,
      name: diningTables.name,
      section: diningTables.section,
      minSeats: diningTables.minSeats,
      maxSeats: diningTables.maxSeats,
      joinable: diningTables.joinable,
    })
    .from(diningTables)
    .where(isNull(diningTables.removedAt))
    .orderBy(...oldestFirst(diningTables))
    .for('share');
  const held = await tx
    .select({
      tableId: reservationTables.tableId,
      reservationId: reservationTables.reservationId,
      start: reservationTables.startMinute,
      end: reservationTables.endMinute,
    })
    .from(reservationTables)
    .where(and(eq(reservationTables.date, date), eq(reservationTables.holding, true)));
  return { tables, held };
}

import { and, eq } from 'drizzle-orm';
import type { TableInput } from '../../../contract/booking.ts';
import type { Database } from '../client.ts';
import { diningTables, roomSettings } from '../schema.ts';

const tables = (section: string, name: string, count: number, seats: Omit<TableInput, 'name' | 'section'>) =>
  Array.from({ length: count }, (_, i): TableInput => ({ name: `${name} ${i + 1}`, section, ...seats }));

/**
 * The room a new shop starts with, 12 tables and 44 seats: four twos by the window and four fours in
 * the main room, each row joinable for a larger party; two sixes; two fours on the terrace, joinable.
 */
export const SEED_ROOM: readonly TableInput[] = [
  ...tables('Window', 'Window', 4, { minSeats: 1, maxSeats: 2, joinable: true }),
  ...tables('Main room', 'Main', 4, { minSeats: 2, maxSeats: 4, joinable: true }),
  ...tables('Main room', 'Round', 2, { minSeats: 3, maxSeats: 6, joinable: false }),
  ...tables('Terrace', 'Terrace', 2, { minSeats: 2, maxSeats: 4, joinable: true }),
];

/**
 * Lays out SEED_ROOM once in a database's life: the flag is claimed by a conditional UPDATE, so of two
 * API processes starting together one seeds, and a room the owner has since emptied stays empty.
 */
export async function seedRoom(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(roomSettings)
      .set({ roomSeeded: true })
      .where(and(eq(roomSettings.id, 1), eq(roomSettings.roomSeeded, false)))
      .returning({ id: roomSettings.id });
    if (!claimed) return 0;
    // Staggered creation times keep the room's order (the tables are listed oldest first).
    const start = Date.now() - SEED_ROOM.length * 1000;
    await tx
      .insert(diningTables)
      .values(SEED_ROOM.map((table, i) => ({ ...table, createdAt: new Date(start + i * 1000) })));
    return SEED_ROOM.length;
  });
}

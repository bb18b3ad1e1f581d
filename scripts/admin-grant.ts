// `npm run admin:grant -- <email>`: gives an existing account the admin role, in the database
// `npm start` uses (scripts/lib/start-database.ts).
import { grantAdminRole } from '../server/services/users.ts';
import { openStartDatabase } from './lib/start-database.ts';

async function main() {
  const email = process.argv[2]?.trim();
  if (!email) throw new Error('Usage: npm run admin:grant -- <email>');
  const database = await openStartDatabase();
  try {
    const granted = await grantAdminRole(database.db, email);
    if (granted.length === 0) {
      console.error('No account with that email. The user must sign up (or sign in once) first.');
      process.exitCode = 1;
    } else {
      console.log(`${email} is now an admin; the admin pages appear at their next sign-in.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

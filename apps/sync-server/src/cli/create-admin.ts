import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { syncReferenceData } from '../db/reference-data';
import { withStartupLock } from '../db/startup-lock';
import { CreateAdminError, createSuperAdmin, generatePassword } from './super-admin';

/**
 * `npm run create-admin -- --email you@example.org`: creates a super admin in the database the server would
 * use (DATABASE_URL, else the embedded PGlite under DATA_DIR), migrating it first. The password is the first
 * line of standard input when one is piped in (`--password-stdin`, or any non-terminal input); otherwise one
 * is generated and printed once. Never takes the password as an argument (it would land in shell history).
 */
const USAGE = 'Usage: npm run create-admin -- --email <email> [--password-stdin | --generate-password]';

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  const email = argValue(args, '--email') ?? args.find((a) => !a.startsWith('--'));
  if (!email) {
    console.error(USAGE);
    return 2;
  }
  const fromStdin = args.includes('--password-stdin') || (!args.includes('--generate-password') && !process.stdin.isTTY);
  const password = fromStdin ? await firstLineOfStdin() : generatePassword();
  if (fromStdin && !password) {
    console.error('No password on standard input (give --generate-password to have one made).');
    return 2;
  }

  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    // A server starting meanwhile on the same database migrates too: one at a time (decision 0094).
    await withStartupLock(handle, async () => {
      await migrateToLatest(handle.db);
      await syncReferenceData(handle.db);
    });
    const made = await createSuperAdmin(handle.db, { email, password, productName: config.productName });
    console.log(`Super admin ${email.trim().toLowerCase()} created (user ${made.userId}).`);
    if (made.createdPartner) console.log(`The main brand "${config.productName}" (slug sp) was created.`);
    if (!fromStdin) console.log(`Password (shown once, store it now): ${password}`);
    return 0;
  } finally {
    await handle.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof CreateAdminError || err instanceof ConfigError) console.error(err.message);
    else console.error('create-admin failed:', err);
    process.exit(1);
  },
);

/**
 * `aisle <command>`: serve (default), migrate. Configuration errors end the process with
 * one line naming the variable or the tenant and field, and exit code 2.
 */
import { ConfigError, loadConfig } from './config/index.ts';
import { readEnv } from './config/env.ts';
import { createStorage } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { serveFromEnvironment } from './server.ts';

const USAGE = `usage: aisle <command>
  serve                 start the service (default)
  migrate               bring the database schema up to date
`;

async function migrate(): Promise<void> {
  const settings = readEnv(process.env);
  const storage = createStorage(settings.database);
  try {
    const ran = await migrateToLatest(storage.db, storage.dialect);
    process.stdout.write(ran.length ? `applied: ${ran.join(', ')}\n` : 'schema is up to date\n');
  } finally {
    await storage.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command = 'serve'] = argv;
  switch (command) {
    case 'serve':
      return serveFromEnvironment();
    case 'migrate':
      return migrate();
    case 'help':
    case '--help':
      process.stdout.write(USAGE);
      return;
    default:
      process.stderr.write(`unknown command "${command}"\n${USAGE}`);
      process.exit(2);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`configuration error: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`aisle: ${(err as Error).message}\n`);
  process.exit(1);
});

export { loadConfig };

import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { syncReferenceData } from './db/reference-data';
import { withStartupLock } from './db/startup-lock';
import { DEFAULT_BOUNDS, listen } from './http/node-server';
import { startIdleMemoryReturn } from './lib/idle-memory';
import { allowTestClock } from './platform/clock';
import { startJobRunner } from './platform/jobs';
import { seedDemoData } from './seed/demo-seed';
import { createServices } from './services';
import { ChangeFeed } from './sync/change-feed';

/** Starts the server: database (PGlite by default), migrations, demo data when empty, then HTTP. */
async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config);
  // Several processes may start together on one database (docs/decisions/0094): one at a time writes.
  await withStartupLock(handle, async () => {
    await migrateToLatest(handle.db);
    await syncReferenceData(handle.db);
    if (config.demoMode && (await seedDemoData(handle.db))) console.log('[seed] demo data written');
  });
  if (config.testMode) {
    allowTestClock();
    console.warn('[server] TEST MODE: anyone may move the clock and create users and visits (/api/test/*). Never expose this.');
  }
  const services = createServices(handle.db, config);
  const feed = new ChangeFeed();
  await feed.start(handle);
  const { app } = createApp({ config, db: handle.db, services, feed });

  if (config.demoMode) {
    console.warn(
      '[server] DEMO MODE: demo accounts, and an outbox at /outbox that shows every mail, reset link and code to anyone. Never expose this to real users.',
    );
  }
  // Behind a trusted proxy every connection comes from the proxy: the per-address cap is the proxy's to keep.
  const bounds = { ...DEFAULT_BOUNDS, perAddress: config.trustProxy ? 0 : DEFAULT_BOUNDS.perAddress };
  const server = listen(app.fetch, { port: config.port, hostname: config.host }, bounds, (info) => {
    const where = handle.kind === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL';
    console.log(
      `[server] ${config.productName} on ${config.appUrl} (listening on ${info.address}:${info.port}, ${where}, demo mode ${config.demoMode ? 'on' : 'off'})`,
    );
  });

  // The timed jobs every module declares (visit rules and messages, expiries, rotation, housekeeping); safe with
  // several server processes (docs/decisions/0029, 0065).
  const jobs = startJobRunner(services.jobs);
  // The heap a busy moment grew is given back once the server is quiet again (docs/decisions/0097).
  const memory = startIdleMemoryReturn();

  const stop = async () => {
    await jobs.stop();
    memory.stop();
    server.close();
    await feed.close();
    await services.mail.idle();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(`[server] not started: ${err.message}`);
  else console.error('[server] failed to start:', err);
  process.exit(1);
});

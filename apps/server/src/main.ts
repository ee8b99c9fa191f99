import { startCallerCache, watchLookbookChanges } from '@drape/api';
import { boot } from '@drape/boot';
import { logSettings } from '@drape/config';
import { watchDatabase } from '@drape/db';
import { createLiveGeneration } from '@drape/jobs';
import { createLogger } from '@drape/log';
import { buildApp } from './app';
import { startServerMail } from './mail';
import { createServerMetrics } from './metrics/server-metrics';
import { createServices } from './services';

/** The HTTP server process. With no DATABASE_URL it starts the embedded PostgreSQL itself. */
const log = createLogger({ role: 'server', ...logSettings() });

async function main() {
  const booted = await boot({ role: 'server', log });
  const { config } = booted;
  const generation = await createLiveGeneration(booted.url, booted.db.db, log);
  const mail = await startServerMail(booted.url, booted.db.db, config, log);
  // The shared LookBook and the landing's answers, dropped on every change (decision 0030).
  const lookbookChanges = await watchLookbookChanges(booted.url, booted.db.db, log);
  // Signed-in callers kept in memory, dropped by NOTIFY on every change (docs/decisions/0029).
  const callers = await startCallerCache(booted.url, log);
  const services = createServices(booted.db, config, log, generation, booted.storage, mail.mailer, callers.cache);
  // One watch for both listeners (one report and one probe per outage).
  const databaseWatch = watchDatabase(booted.db.db, { log });
  // One registry for the process: both listeners' requests, its pools, the fleet's figures.
  const metrics = createServerMetrics({
    db: booted.db.db, queue: services.jobs, pools: { app: booted.db.pool },
    databaseDown: () => databaseWatch.down(), onDatabaseError: (err) => databaseWatch.report(err),
  });
  const app = await buildApp({ services, databaseWatch, metrics });
  // With ADMIN_ORIGIN the admin app and its API have a listener of their own (and none on the main one).
  const adminApp = config.adminListener ? await buildApp({ services, listener: 'admin', databaseWatch, metrics }) : null;
  await app.listen({ port: config.PORT, host: config.HOST });
  if (adminApp && config.adminListener) await adminApp.listen({ port: config.adminListener.port, host: config.HOST });
  log.info(`Drape server listening on http://${config.HOST}:${config.PORT}`);
  if (config.adminListener) log.info(`Drape admin listening on http://${config.HOST}:${config.adminListener.port} for ${config.adminListener.origin}`);
  process.send?.({ type: 'listening', port: config.PORT, adminPort: config.adminListener?.port ?? null });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`server: ${signal}, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await Promise.all([app.close(), adminApp?.close()]);
    databaseWatch.stop();
    // After the listeners: a request still answering may queue a mail. The mail worker gives a
    // delivery in flight a few seconds (MAIL_STOP_TIMEOUT_MS), then hands it back for a retry.
    await Promise.all([mail.close(), generation.close(), lookbookChanges.close(), callers.close()]);
    await booted.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  log.fatal({ err }, 'the server could not start');
  process.exit(1);
});

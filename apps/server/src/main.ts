import { bootstrapAdmin } from '@drape/auth';
import { createDb, loadConfig, migrate, resolveDatabase, seedCatalog } from '@drape/db';
import { buildApp } from './app';
import { createGenerationQueue } from './generation-queue';
import { createServices } from './services';

/** The HTTP server process. With no DATABASE_URL it starts the embedded PostgreSQL itself. */
async function main() {
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  const { url, embedded } = await resolveDatabase(config, log);
  const handle = createDb(url, 20);
  await migrate(handle.db);
  await seedCatalog(handle.db);
  const created = await bootstrapAdmin(handle.db, config.ADMIN_KEY, config.ADMIN_PASSWORD);
  if (created) log(`Admin created: key "${created.adminKey}", password "${created.password}" (set ADMIN_KEY and ADMIN_PASSWORD to choose your own)`);

  const generation = await createGenerationQueue(url, handle.db);
  const app = await buildApp({ services: createServices(handle, config, log, generation) });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // PORT=0 picks a free port: mailed links must carry the real one.
  if (!config.PUBLIC_ORIGIN && config.PORT === 0) config.publicOrigin = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  log(`Drape server listening on http://${config.HOST}:${port}`);
  process.send?.({ type: 'listening', port });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`server: ${signal}, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await generation.close();
    await handle.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

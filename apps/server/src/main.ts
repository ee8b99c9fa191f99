import { boot } from '@drape/boot';
import { buildApp } from './app';
import { createLiveGeneration } from '@drape/jobs';
import { createServices } from './services';

/** The HTTP server process. With no DATABASE_URL it starts the embedded PostgreSQL itself. */
async function main() {
  const log = (line: string) => console.log(line);
  const booted = await boot({ role: 'server', log });
  const { config } = booted;
  const generation = await createLiveGeneration(booted.url, booted.db.db);
  const app = await buildApp({ services: createServices(booted.db, config, log, generation, booted.storage) });
  await app.listen({ port: config.PORT, host: config.HOST });
  log(`Drape server listening on http://${config.HOST}:${config.PORT}`);
  process.send?.({ type: 'listening', port: config.PORT });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`server: ${signal}, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await generation.close();
    await booted.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import Fastify from 'fastify';

/** The floor: a bare Fastify route answering a small JSON body, as the REST and tRPC ratios' denominator. */
const app = Fastify({ logger: false });
app.get('/ping', async () => ({ name: 'drape', version: '0.1.0' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'listening', port: (app.server.address() as { port: number }).port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

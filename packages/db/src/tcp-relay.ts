import net from 'node:net';

/**
 * The network between a process and PostgreSQL, which a test can cut: a TCP relay on a port of its
 * own. Cutting it closes every relayed connection and refuses new ones, as a database host that went
 * away does; mending it relays again on the same port. Tests of what a database outage does to one
 * process use it, where stopping the shared test cluster would hurt the test files running beside.
 */
export interface TcpRelay {
  /** `target` with the relay's port: what the process under test connects to. */
  url: string;
  cut(): Promise<void>;
  mend(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const open = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer((inbound) => {
        const outbound = net.connect(Number(to.port || 5432), to.hostname);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => {
            sockets.delete(s);
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        server = srv;
        resolve((srv.address() as net.AddressInfo).port);
      });
    });
  const port = await open(0);
  const url = new URL(to.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const cut = async () => {
    const srv = server;
    server = null;
    for (const s of sockets) s.destroy();
    if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
  };
  return {
    url: url.toString(),
    cut,
    async mend() {
      if (!server) await open(port);
    },
    close: cut,
  };
}

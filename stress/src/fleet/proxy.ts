import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/**
 * The one port in front of a fleet, as a load balancer with no session affinity: every request
 * goes to the next server in turn (round robin per request, not per connection, so that one
 * client's kept-alive connection still meets every server). It adds the client's address to
 * X-Forwarded-For as nginx's `proxy_add_x_forwarded_for` does, and names the server that answered
 * in `x-fleet-upstream`, which is how the fleet test tells which process served each call.
 */
export const UPSTREAM_HEADER = 'x-fleet-upstream';

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Requests handed to each upstream so far, by its name. */
  served(): Record<string, number>;
  close(): Promise<void>;
}

export interface Upstream {
  name: string;
  url: string;
}

export async function startRoundRobinProxy(upstreams: Upstream[], port = 0): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = createProxyServer({ xfwd: true, agent, proxyTimeout: 120_000 });
  const served: Record<string, number> = Object.fromEntries(upstreams.map((u) => [u.name, 0]));
  let next = 0;
  // An upstream that refuses or drops the connection: a gateway error, as a load balancer answers.
  proxy.on('error', (_err, _req, res) => {
    if (!(res instanceof http.ServerResponse)) return;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'bad_gateway', message: 'The upstream server did not answer' }));
  });
  const server = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    served[upstream.name]!++;
    res.setHeader(UPSTREAM_HEADER, upstream.name);
    proxy.web(req, res, { target: upstream.url });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    served: () => ({ ...served }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        proxy.close();
        agent.destroy();
        resolve();
      });
    }),
  };
}

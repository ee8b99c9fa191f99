import http from 'node:http';

/**
 * Requests as the proof suite sends them: node's own HTTP client, so that nothing is normalised on
 * the way (fetch resolves `..` in paths, refuses a body on GET and picks content types itself).
 */
export interface RawRequest {
  method: string;
  /** Path and query exactly as sent (already encoded). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A session token or an admin token, sent as a Bearer token. */
  token?: string | null;
}

export interface RawAnswer {
  status: number;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
  headers: http.IncomingHttpHeaders;
  /** The client address the request came from (X-Forwarded-For): audit rows name it. */
  address: string;
}

let addressCounter = 0;

/**
 * A fresh client address per call, each on a /24 of its own (as the test harness gives): rate
 * limits are per address, and sign-ups from one network are held as referrals.
 */
export function nextAddress(): string {
  addressCounter = (addressCounter + 1) % 65_536;
  const n = addressCounter;
  return `10.${n >> 8}.${n & 255}.${(n % 253) + 1}`;
}

/** Sends one request to the server at `baseUrl`; every call opens its own connection. */
export function send(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { 'x-forwarded-for': nextAddress(), ...req.headers };
  const address = headers['x-forwarded-for']!;
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  if (req.body !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
  return new Promise((resolve, reject) => {
    const r = http.request({ host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json, headers: res.headers, address });
      });
      res.on('error', reject);
    });
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** A JSON body request's headers. */
export const JSON_BODY = { 'content-type': 'application/json' } as const;

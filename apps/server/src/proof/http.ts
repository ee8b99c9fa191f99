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
}

let addressCounter = 0;

/** A fresh documentation-style client address per call: rate limits are per address. */
export function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

/** Sends one request to the server at `baseUrl`; every call opens its own connection. */
export function send(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { 'x-forwarded-for': nextAddress(), ...req.headers };
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
        resolve({ status: res.statusCode ?? 0, text, json, headers: res.headers });
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

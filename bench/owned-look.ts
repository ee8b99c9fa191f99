import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS } from '@drape/contracts';
import { CLOSET_PIECES_PATH } from '@drape/contracts/closet';
import { createDb } from '@drape/db';
import { testLogger } from '@drape/log/testing';
import { registerAccount, startProcess, stopProcess } from './processes';
import { bareSharpMs } from './sharp-floor';

/**
 * Get My Look built around an owned piece (issue 19, section 4): the real server and one pipeline
 * worker on a fresh database, Fashion Icons who each upload a photographed piece to My Pieces,
 * then one request at a time, alternating a look around the piece with a plain live look (a body
 * shape nothing stocks) so that both are measured in the same sitting, beside the bare sharp
 * render of this sitting. Server times are the server's own (Server-Timing).
 */
export interface OwnedLookFigures {
  requests: number;
  owned: Latency;
  plainLive: Latency;
  bareSharpMs: number;
}

interface Latency {
  /** Requests not answered 200 (a refused render answers 503 generation_failed). */
  failed?: number;
  p50: number;
  p99: number;
  serverP50: number;
  serverP99: number;
}

const at = (values: readonly number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0) * 10) / 10;
};
const latency = (client: number[], server: number[]): Latency => ({ p50: at(client, 0.5), p99: at(client, 0.99), serverP50: at(server, 0.5), serverP99: at(server, 0.99) });


/** A photographed piece: a coloured garment shape on a pale backdrop. */
function photo(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#f4f1ec"/><path d="M180 120 L420 120 L500 260 L440 300 L420 700 L180 700 L160 300 L100 260 Z" fill="${color}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function upload(base: string, token: string, image: Buffer, category: string): Promise<string> {
  const form = new FormData();
  form.append('category', category);
  form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'piece.jpg');
  const res = await fetch(`${base}${CLOSET_PIECES_PATH}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export async function benchOwnedLook(url: string, dataDir: string, accounts = 10): Promise<OwnedLookFigures> {
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const worker = await startProcess('pipeline/src/main.ts', env, { listening: false });
  const server = await startProcess('apps/server/src/main.ts', { ...env, PORT: '0', TRUST_PROXY: 'true', SERVER_TIMING: 'on', ALTCHA_MAX_NUMBER: '1000', PROMO_CODES: 'BENCHICON:fashion_icon', ADMIN_KEY: 'b', ADMIN_PASSWORD: 'bench-password' }, { listening: true });
  const base = `http://127.0.0.1:${server.port}`;
  const handle = createDb(url, 1, testLogger('cli'));
  try {
    // The worker stocks the starter set as it starts: measured after it, not against it.
    await new Promise((r) => setTimeout(r, 3000));
    for (let i = 0; i < 1800; i++) {
      const running = await handle.db.selectFrom('batch_jobs').select('id').where('status', '=', 'running').executeTakeFirst();
      if (!running) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const floor = await bareSharpMs();
    const colours = ['#c62828', '#1f2a44', '#2e7d32', '#f2e8d5', '#6d4c41'];
    const categories = ['top', 'bottom', 'outerwear', 'shoes', 'bag'];
    const people: { token: string; piece: string }[] = [];
    for (let i = 0; i < accounts; i++) {
      const { token } = await registerAccount(base, `own${i}`, 'BENCHICON');
      people.push({ token, piece: await upload(base, token, await photo(colours[i % colours.length]!), categories[i % categories.length]!) });
    }
    const unique = [
      ...TRENDS.filter((t) => t.active).map((t) => ({ trend: t.name })),
      ...PALETTES.map((p) => ({ colorPalette: p.name })),
      ...OCCASIONS.filter((o) => o.isActive).map((o) => ({ occasion: o.name })),
    ].flatMap((s) => STYLE_VIBES.flatMap((v) => SKIN_TONES.map((k) => ({ ...s, styleVibe: v.name, skinTone: k.name }))));
    const selections = [{ trend: 'Boho Chic' }, { occasion: 'Office' }, { colorPalette: 'Ocean Depths' }, { trend: 'Preppy' }, { occasion: 'Date' }];
    const owned = { client: [] as number[], server: [] as number[], failed: [] as string[] };
    const plain = { client: [] as number[], server: [] as number[], failed: [] as string[] };
    let n = 0;
    // A Fashion Icon has 20 looks a day: ten of each kind per account.
    for (let round = 0; round < 10; round++) {
      for (const [i, p] of people.entries()) {
        for (const withPiece of [true, false]) {
          // A plain request names a combination no request named before, so it is live too (a live
          // look is stock for the next user who asks for the same).
          const body = withPiece
            ? { gender: i % 2 ? 'male' : 'female', ...selections[(round + i) % selections.length], ownedPieceIds: [p.piece] }
            : { gender: i % 2 ? 'male' : 'female', ...unique[n % unique.length], bodyShape: 'Inverted Triangle' };
          const t = performance.now();
          const res = await fetch(`${base}/api/generate-outfit`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` }, body: JSON.stringify(body) });
          const text = await res.text();
          const into = withPiece ? owned : plain;
          if (res.status !== 200) {
            into.failed.push(`${res.status} ${text.slice(0, 120)}`);
            continue;
          }
          into.client.push(performance.now() - t);
          into.server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
          n++;
        }
      }
    }
    if (owned.failed.length + plain.failed.length > 0) console.log('[bench] owned: refused requests', { owned: owned.failed, plain: plain.failed });
    return { requests: n, owned: { ...latency(owned.client, owned.server), failed: owned.failed.length }, plainLive: { ...latency(plain.client, plain.server), failed: plain.failed.length }, bareSharpMs: floor };
  } finally {
    await handle.close();
    await stopProcess(server.child);
    await stopProcess(worker.child);
  }
}

export function ownedLookTable(f: OwnedLookFigures): string {
  const row = (name: string, l: Latency) =>
    `| ${name} | ${l.p50} | ${l.p99} | ${l.serverP50} (${(l.serverP50 / f.bareSharpMs).toFixed(1)}x) | ${l.serverP99} | ${l.failed ?? 0} |`;
  return [
    `| Get My Look, live, one at a time | p50 ms | p99 ms | server p50 ms (x bare sharp render, ${f.bareSharpMs} ms) | server p99 ms | not 200 |`,
    '|---|---|---|---|---|---|',
    row('around an owned piece', f.owned),
    row('plain (a body shape nothing stocks)', f.plainLive),
    '',
    `${f.requests} requests, alternating the two kinds.`,
  ].join('\n');
}

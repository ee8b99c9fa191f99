import Fastify from 'fastify';
import pg from 'pg';
import { OCCASIONS, PALETTES, STYLE_VIBES, TRENDS } from '@drape/contracts';
import { MEDIA_PATH } from '@drape/contracts/generation';

/**
 * The LookBook page's naive floor (issue 17 §4): a bare Fastify route with node-pg running the SQL
 * the product's page ran before its shared cache, frozen here: the newest 50 LookBook looks with
 * their pieces aggregated as JSON and the caller's saved flags, in one statement, mapped to the
 * same JSON as `GET /api/siims/lookbook?limit=50` (the REST spellings included). Naive on purpose:
 * no session check (the caller is FLOOR_USER_ID, for free), no framework of ours, one round trip.
 * The product must beat it by design.
 */
export const FLOOR_SQL = `
  select gi.id, gi.storage_key, gi.thumb_key, gi.width, gi.height, gi.status, gi.gender,
         gi.selection_kind, gi.selection_id, gi.style_vibe, gi.created_at,
         coalesce((select json_agg(f order by f.position) from fashion_items f where f.image_id = gi.id), '[]') as items,
         exists (select 1 from wardrobe_items w where w.user_id = $1 and w.image_id = gi.id) as saved
    from generated_images gi
   where gi.status = 'lookbook'
   order by gi.lookbook_at desc, gi.id desc
   limit 51`;

interface Piece {
  id: string; name: string; description: string | null; color: string; color_hex: string; color_family: string; type: string; price_range: string | null;
}
interface Row {
  id: string; storage_key: string; thumb_key: string; width: number; height: number; status: string; gender: string;
  selection_kind: 'trend' | 'palette' | 'occasion'; selection_id: string; style_vibe: string | null; created_at: Date; items: Piece[]; saved: boolean;
}

const nameOf = (list: readonly { id: string; name: string }[], id: string | null) => (id ? list.find((e) => e.id === id)?.name ?? id : null);
const cdn = process.env.CDN_BASE_URL?.replace(/\/$/, '') ?? '';
const media = (key: string) => `${cdn}${MEDIA_PATH}/${key}`;

function look(r: Row) {
  const imageUrl = media(r.storage_key);
  const trend = r.selection_kind === 'trend' ? nameOf(TRENDS, r.selection_id) : null;
  const palette = r.selection_kind === 'palette' ? nameOf(PALETTES, r.selection_id) : null;
  const occasion = r.selection_kind === 'occasion' ? nameOf(OCCASIONS, r.selection_id) : null;
  const vibe = nameOf(STYLE_VIBES, r.style_vibe);
  return {
    id: r.id, imageId: r.id, imageUrl, image_url: imageUrl, thumbnailUrl: media(r.thumb_key), width: r.width, height: r.height,
    status: r.status, gender: r.gender, occasion, trend, colorPalette: palette, color_palette: palette, styleVibe: vibe, style_vibe: vibe, vibe,
    selection: { kind: r.selection_kind, id: r.selection_id, name: trend ?? palette ?? occasion ?? r.selection_id },
    colors: [...new Set(r.items.map((i) => i.color_family))],
    fashionItems: r.items.map((i) => ({
      id: i.id, name: i.name, item_name: i.name, description: i.description, color: i.color, colorHex: i.color_hex, colorFamily: i.color_family,
      category: i.type, type: i.type, item_type: i.type, priceRange: i.price_range, price_range: i.price_range,
    })),
    saved: r.saved,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const userId = process.env.FLOOR_USER_ID ?? '00000000-0000-0000-0000-000000000000';
const app = Fastify({ logger: false });
app.get('/lookbook', async () => {
  const { rows } = await pool.query<Row>(FLOOR_SQL, [userId]);
  return { looks: rows.slice(0, 50).map(look), limit: 50, offset: 0, hasMore: rows.length > 50, nextCursor: null, viewLimit: null, viewLimitReached: false, filtersAllowed: true };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'listening', port: (app.server.address() as { port: number }).port });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));

import { lookSelectionName } from '@drape/contracts';
import type { Config } from '@drape/config';
import type { OutfitView } from '@drape/contracts/generation';
import type { Db } from '@drape/db';
import { attachPreview, lookKeys } from '@drape/looks';
import { aiMarkOf, readPublicFile, renderPreviewCard } from '@drape/operations';
import type { Storage } from '@drape/storage';
import { outfitView } from '../generate/outfit.view';

/** The name a shared look goes by: its selection's (looks have no name of their own). */
export const sharedLookName = (outfit: Pick<OutfitView, 'trend' | 'colorPalette' | 'occasion'>): string => lookSelectionName(outfit, 'Drape');

export interface PreviewCardDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'CDN_BASE_URL'>;
}

/**
 * The look's link-preview card (docs/decisions/0031), made and stored the first time the look is
 * shared: its key, or null when the look or its picture is gone. Once made it is kept with the
 * look and deleted with it (deleteImages); a second call answers the stored key.
 */
export async function ensurePreviewCard(deps: PreviewCardDeps, imageId: string): Promise<string | null> {
  const row = await deps.db.selectFrom('generated_images').select(['job_id', 'storage_key', 'preview_key', 'provider']).where('id', '=', imageId).executeTakeFirst();
  if (!row) return null;
  if (row.preview_key) return row.preview_key;
  const picture = await readPublicFile(deps.storage, row.storage_key);
  if (!picture) return null;
  const outfit = await outfitView(deps.db, deps.config, imageId, 'inventory');
  const card = await renderPreviewCard(
    { picture, title: sharedLookName(outfit), pieces: outfit.fashionItems.map((p) => ({ name: p.name, colorHex: p.colorHex })) },
    aiMarkOf(row.provider),
  );
  // Named by the job, as the picture is: two shares at once write the same bytes to the same key.
  const { previewKey } = lookKeys(row.job_id);
  await deps.storage.put('public', previewKey, card);
  if (await attachPreview(deps.db, imageId, previewKey)) return previewKey;
  const now = await deps.db.selectFrom('generated_images').select('preview_key').where('id', '=', imageId).executeTakeFirst();
  // Deleted while the card was drawn: its files went with it, this one goes too.
  if (!now) {
    await deps.storage.delete('public', previewKey);
    return null;
  }
  return now.preview_key;
}

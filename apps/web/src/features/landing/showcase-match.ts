import type { ShowcaseItem } from '@drape/contracts/landing';

/** Lower case, letters and digits only: 'Going Out', 'going-out' and 'GoingOut' read alike. */
function simplified(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The showcase picture for a catalog name (user-area §2 Landing page: images are matched to names
 * by case-insensitive partial name match): the item of the same name first, else one whose name
 * contains the other. Null when none matches or the match has no picture: the caller shows its
 * placeholder.
 */
export function showcaseImage(items: readonly ShowcaseItem[] | undefined, name: string): string | null {
  const wanted = simplified(name);
  if (!items || !wanted) return null;
  const named = items.filter((i) => i.imageUrl && simplified(i.itemName));
  const exact = named.find((i) => simplified(i.itemName) === wanted);
  if (exact) return exact.imageUrl;
  const partial = named.find((i) => {
    const have = simplified(i.itemName);
    return have.includes(wanted) || wanted.includes(have);
  });
  return partial?.imageUrl ?? null;
}

import type { RateLimits } from '@drape/auth';
import type { Config } from '@drape/config';
import { shoppingDisclosure, type LocalizedDomainsAnswer, type TrackClickInput } from '@drape/contracts/shopping';
import { cachedPlatformSettings, type Db, type UserRow } from '@drape/db';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';
import { maySeeLook } from '../share/share.service';
import { resolveRegion, type ResolvedRegion } from './region';

/** The user's region for this request: the saved preference, else the request's signals, else the US. */
function regionOf(user: UserRow, req: RequestMeta): ResolvedRegion {
  return resolveRegion(
    {
      geolocationEnabled: user.geolocation_enabled,
      preferredCountry: user.preferred_country,
      preferredDomains: { google: user.preferred_google_domain, amazon: user.preferred_amazon_domain },
    },
    { cdnCountries: req.cdnCountries ?? [], acceptLanguage: req.acceptLanguage },
  );
}

/**
 * GET /api/user/localized-domains (user-area §3, §7), with the affiliate tag of the user's Amazon
 * store when AFFILIATE_TAGS names it (the client adds it to that store's links) and the line that
 * says whether Drape earns from them.
 */
export function localizedDomains(config: Pick<Config, 'AFFILIATE_TAGS'>, user: UserRow, req: RequestMeta): LocalizedDomainsAnswer {
  const region = regionOf(user, req);
  const amazonTag = config.AFFILIATE_TAGS[region.domains.amazon] ?? null;
  return { success: true, ...region, amazonTag, disclosure: shoppingDisclosure(amazonTag !== null) };
}

/**
 * POST /api/fashion-items/{id}/track-click: one row per opened shopping link, with the region and
 * site the link used (the client builds it from the same answer). The client never waits for it.
 * A piece of a look the user may not see (the share rule) is not found, as an unknown one is: no
 * clicks recorded against another user's private look, no answer telling that it exists.
 */
export async function trackClick(
  deps: { db: Db; rateLimits: RateLimits }, user: UserRow, req: RequestMeta, input: TrackClickInput,
): Promise<{ success: true; recorded: boolean }> {
  const limit = await deps.rateLimits.consume('shoppingClickUser', user.id);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  const item = await deps.db.selectFrom('fashion_items').select(['id', 'image_id', 'owned']).where('id', '=', input.id).executeTakeFirst();
  // The user's own piece has no shopping links: a click on one is a client's mistake, not a sale.
  if (!item || item.owned || !(await maySeeLook(deps.db, user.id, item.image_id))) throw appError('not_found', 'Fashion item not found.');
  // The admin's Analytics Tracking switch: off, shopping clicks are answered but not recorded.
  if (!(await cachedPlatformSettings(deps.db)).analyticsTracking) return { success: true, recorded: false };
  const region = regionOf(user, req);
  await deps.db
    .insertInto('shopping_clicks')
    .values({
      user_id: user.id,
      fashion_item_id: item.id,
      image_id: item.image_id,
      retailer: input.platform,
      country: region.detectedCountry,
      domain: region.domains[input.platform],
    })
    .execute();
  return { success: true, recorded: true };
}

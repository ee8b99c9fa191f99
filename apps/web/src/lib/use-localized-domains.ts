import { DEFAULT_SHOPPING_COUNTRY, SHOPPING_DOMAINS, shoppingDisclosure, type LocalizedDomainsAnswer } from '@drape/contracts/shopping';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth-context';
import { useTRPC, useTRPCClient } from './trpc';
import { LOCALIZED_DOMAINS_RETRY_MS, LOCALIZED_DOMAINS_STALE_MS } from './timing';

type Lookup = LocalizedDomainsAnswer & { fallback?: true };

/** The US sites without a tag (so earning nothing), answered when the lookup failed (or nobody is signed in). */
const FALLBACK: Lookup = {
  success: true,
  domains: SHOPPING_DOMAINS[DEFAULT_SHOPPING_COUNTRY],
  detectedCountry: DEFAULT_SHOPPING_COUNTRY,
  source: 'default',
  amazonTag: null,
  disclosure: shoppingDisclosure(false),
  fallback: true,
};

/**
 * The shopping sites of the signed-in user's region (user-area §3, §7): kept 30 minutes; a failed
 * lookup answers the US sites and is tried again after 5 minutes. The failure is cached as that
 * answer, so screens mounted in between do not each ask again; no retries (user-area §9). The
 * answer carries the Amazon store's affiliate tag, if any, and the line saying what the links earn.
 */
export function useLocalizedDomains(): LocalizedDomainsAnswer {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { isAuthenticated } = useAuth();
  const query = useQuery({
    queryKey: trpc.shopping.localizedDomains.queryKey(),
    queryFn: async ({ signal }): Promise<Lookup> => {
      try {
        return await client.shopping.localizedDomains.query(undefined, { signal });
      } catch (err) {
        // A lookup dropped because nobody shows it any more is not a failure to remember.
        if (signal.aborted) throw err;
        return FALLBACK;
      }
    },
    enabled: isAuthenticated,
    staleTime: (q) => (q.state.data?.fallback ? LOCALIZED_DOMAINS_RETRY_MS : LOCALIZED_DOMAINS_STALE_MS),
    // A screen left open past the 5 minutes tries again too.
    refetchInterval: (q) => (q.state.data?.fallback ? LOCALIZED_DOMAINS_RETRY_MS : false),
    retry: false,
  });
  return query.data ?? FALLBACK;
}

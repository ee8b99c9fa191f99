import { BotCheckWidget, type BotCheckHandle } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTRPC } from '../../lib/trpc';

/** The REST twin of auth.botCheck; the ALTCHA widget fetches a fresh challenge from it per attempt. */
export const BOT_CHECK_CHALLENGE_URL = '/api/auth/bot-check';

export type { BotCheckHandle };

export interface BotCheckProps {
  onToken(token: string | null): void;
  ref?: Ref<BotCheckHandle>;
}

/** The sign-up form's and the locked sign-in's bot check, with the provider the server names. */
export function BotCheck({ onToken, ref }: BotCheckProps) {
  const trpc = useTRPC();
  // Only the provider is read here: the ALTCHA widget fetches its own (single-use) challenges.
  const config = useQuery(trpc.auth.botCheck.queryOptions(undefined, { staleTime: Infinity, gcTime: Infinity }));
  return <BotCheckWidget config={config.data ?? null} challengeUrl={BOT_CHECK_CHALLENGE_URL} onToken={onToken} ref={ref} />;
}

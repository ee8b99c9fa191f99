import { Spinner } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTRPC } from '../../lib/trpc';

/** The REST twin of auth.botCheck; the ALTCHA widget fetches a fresh challenge from it per attempt. */
export const BOT_CHECK_CHALLENGE_URL = '/api/auth/bot-check';
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export interface BotCheckHandle {
  /** Forget the solved token and ask for a new verification (after the server refused it). */
  reset(): void;
  /** Move the keyboard focus to the verification (its checkbox), e.g. when it is the first problem. */
  focus(): void;
}

export interface BotCheckProps {
  onToken(token: string | null): void;
  ref?: Ref<BotCheckHandle>;
}

/**
 * The register form's bot check: the self-hosted ALTCHA proof of work by default, Cloudflare
 * Turnstile when the server is configured for it. Either way the token goes to `turnstileToken`.
 */
export function BotCheck({ onToken, ref }: BotCheckProps) {
  const trpc = useTRPC();
  // Only the provider is read here: the ALTCHA widget fetches its own (single-use) challenges.
  const config = useQuery(trpc.auth.botCheck.queryOptions(undefined, { staleTime: Infinity, gcTime: Infinity }));
  if (config.isPending) {
    return (
      <div className="flex h-[74px] items-center gap-2 rounded-[0.875rem] border border-stone bg-paper px-4 text-sm text-taupe">
        <Spinner /> Preparing verification...
      </div>
    );
  }
  if (config.data?.provider === 'turnstile') return <Turnstile siteKey={config.data.siteKey ?? ''} onToken={onToken} ref={ref} />;
  return <AltchaWidget onToken={onToken} ref={ref} />;
}

type AltchaElement = HTMLElement & { reset?: (state?: string) => void };

function AltchaWidget({ onToken, ref }: BotCheckProps) {
  const [ready, setReady] = useState(false);
  const widget = useRef<AltchaElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let live = true;
    // The npm bundle registers <altcha-widget>; its workers run from blob: URLs (CSP worker-src blob:).
    void import('altcha').then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = widget.current;
    if (!ready || !el) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      onTokenRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready]);

  useImperativeHandle(ref, () => ({
    reset() {
      widget.current?.reset?.();
      onTokenRef.current(null);
    },
    focus() {
      widget.current?.querySelector<HTMLElement>('input[type="checkbox"]')?.focus();
    },
  }), []);

  if (!ready) {
    return (
      <div className="flex h-[74px] items-center gap-2 rounded-[0.875rem] border border-stone bg-paper px-4 text-sm text-taupe">
        <Spinner /> Preparing verification...
      </div>
    );
  }
  return (
    <altcha-widget
      ref={widget}
      challenge={BOT_CHECK_CHALLENGE_URL}
      name="altcha"
      type="checkbox"
      display="standard"
      auto="off"
      language="en"
      configuration={JSON.stringify({ hideLogo: true, minDuration: 500 })}
    />
  );
}

interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  reset(id?: string): void;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let turnstileLoader: Promise<TurnstileApi> | null = null;
function loadTurnstile(): Promise<TurnstileApi> {
  turnstileLoader ??= new Promise((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile);
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not load')));
    script.onerror = () => reject(new Error('Turnstile did not load'));
    document.head.appendChild(script);
  });
  return turnstileLoader;
}

function Turnstile({ siteKey, onToken, ref }: BotCheckProps & { siteKey: string }) {
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const [failed, setFailed] = useState(false);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let live = true;
    loadTurnstile()
      .then((api) => {
        if (!live || !box.current) return;
        widgetId.current = api.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (widgetId.current) window.turnstile?.remove(widgetId.current);
    };
  }, [siteKey]);

  useImperativeHandle(ref, () => ({
    reset() {
      if (widgetId.current) window.turnstile?.reset(widgetId.current);
      onTokenRef.current(null);
    },
    focus() {
      box.current?.querySelector('iframe')?.focus();
    },
  }), []);

  return (
    <div>
      <div ref={box} />
      {failed ? <p className="text-xs text-danger">The security check could not load. Please reload the page.</p> : null}
    </div>
  );
}

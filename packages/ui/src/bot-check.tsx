/// <reference types="altcha/types/react" />
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Spinner } from './spinner';

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export interface BotCheckHandle {
  /** Forget the solved token and ask for a new verification (after the server refused or spent it). */
  reset(): void;
  /** Move the keyboard focus to the verification (its checkbox), e.g. when it is the first problem. */
  focus(): void;
}

/** What the server's bot-check call says about the provider (the app fetches it). */
export interface BotCheckProvider {
  provider: 'altcha' | 'turnstile';
  siteKey?: string;
}

export interface BotCheckWidgetProps {
  /** null while the app is still asking the server. */
  config: BotCheckProvider | null;
  /** Where the ALTCHA widget fetches a fresh (single-use) challenge per attempt. */
  challengeUrl: string;
  onToken(token: string | null): void;
  ref?: Ref<BotCheckHandle>;
}

function Preparing() {
  return (
    <div className="flex h-[74px] items-center gap-2 rounded-[0.875rem] border border-stone bg-paper px-4 text-sm text-taupe">
      <Spinner /> Preparing verification...
    </div>
  );
}

/**
 * The bot check of the web app's sign-up and locked sign-in, and of the admin login: the
 * self-hosted ALTCHA proof of work by default, Cloudflare Turnstile when the server is configured
 * for it. Either way the token goes to the call's `turnstileToken`.
 */
export function BotCheckWidget({ config, challengeUrl, onToken, ref }: BotCheckWidgetProps) {
  if (!config) return <Preparing />;
  if (config.provider === 'turnstile') return <Turnstile siteKey={config.siteKey ?? ''} onToken={onToken} ref={ref} />;
  return <AltchaWidget challengeUrl={challengeUrl} onToken={onToken} ref={ref} />;
}

interface WidgetProps {
  onToken(token: string | null): void;
  ref?: Ref<BotCheckHandle> | undefined;
}

type AltchaElement = HTMLElement & { reset?: (state?: string) => void };

function AltchaWidget({ challengeUrl, onToken, ref }: WidgetProps & { challengeUrl: string }) {
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

  if (!ready) return <Preparing />;
  return (
    <altcha-widget
      ref={widget}
      challenge={challengeUrl}
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

function Turnstile({ siteKey, onToken, ref }: WidgetProps & { siteKey: string }) {
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

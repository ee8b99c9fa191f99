import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from './class-names';

/** Toasts (user-area §9): one visible at a time, 5000 ms, swipe right past 50 px, viewport hotkey F8. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

interface ToastEntry extends ToastInput {
  id: number;
  open: boolean;
}

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastEntry[]) {
  entries = next;
  for (const l of listeners) l();
}

/** Shows a toast; a newer toast replaces the visible one. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([...entries.filter((e) => e.open), { ...input, id, open: true }].slice(-TOAST_LIMIT));
  return id;
}

export function dismissToast(id?: number) {
  emit(entries.map((e) => (id === undefined || e.id === id ? { ...e, open: false } : e)));
}

function remove(id: number) {
  emit(entries.filter((e) => e.id !== id));
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(subscribe, () => entries, () => entries);
}

const variantClass: Record<ToastVariant, string> = {
  default: 'border-linen bg-paper text-ink',
  success: 'border-success/25 bg-paper text-ink',
  destructive: 'border-danger/30 bg-danger-soft text-ink',
};

/** Mount once near the root of an app. */
export function Toaster() {
  const list = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {list.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(t.id);
              setTimeout(() => remove(t.id), 200);
            }
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-11 shadow-lift',
            'data-[state=open]:animate-toast-in data-[state=closed]:opacity-0 data-[state=closed]:transition-opacity',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=end]:transition-transform',
            variantClass[t.variant ?? 'default'],
          )}
        >
          {t.variant === 'destructive' ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-danger" />
          ) : (
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
          )}
          <div className="flex min-w-0 flex-col gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm leading-relaxed text-taupe">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-3 top-3 inline-flex h-7 w-7 items-center justify-center rounded-full text-taupe hover:bg-sand hover:text-ink focus-visible:outline-2 focus-visible:outline-ink"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-20 right-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:bottom-0" />
    </ToastPrimitive.Provider>
  );
}

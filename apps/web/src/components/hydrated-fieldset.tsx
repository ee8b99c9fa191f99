import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A fieldset whose controls wait for the app on a prerendered page (useHydrated): before it is
 * hydrated, a click would be lost and a form would submit itself natively. Only this component
 * renders again when hydration ends; the controls inside, passed as children, do not.
 */
export function HydratedFieldset({ className, children }: { className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className={className}>
      {children}
    </fieldset>
  );
}

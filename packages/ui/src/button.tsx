import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cn } from './class-names';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium tracking-wide transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink ' +
  'disabled:pointer-events-none disabled:opacity-50 cursor-pointer select-none';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-ink text-ivory hover:bg-umber rounded-full',
  secondary: 'bg-sand text-ink hover:bg-linen rounded-full',
  outline: 'border border-ink/25 bg-transparent text-ink hover:border-ink hover:bg-paper rounded-full',
  ghost: 'bg-transparent text-ink hover:bg-sand rounded-full',
  destructive: 'bg-danger text-white hover:bg-danger/90 rounded-full',
  link: 'bg-transparent text-ink underline decoration-ink/30 underline-offset-4 hover:decoration-ink rounded-sm px-0',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-6 text-sm',
  lg: 'h-13 px-8 text-base',
  icon: 'h-10 w-10',
};

/** The button look, for links and other elements that should read as buttons. */
export function buttonClasses(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  const { variant = 'primary', size = 'md', className } = opts;
  return cn(base, variants[variant], variant === 'link' ? 'h-auto text-sm' : sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work in flight (a submit, a logout): a spinner before the label, disabled and aria-busy until it ends. */
  pending?: boolean;
  /** What the button says while pending (the spec's 'Signing in...'); its own label otherwise. */
  pendingLabel?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = 'button', pending = false, pendingLabel, disabled, children, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
});

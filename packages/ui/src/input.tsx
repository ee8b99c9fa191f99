import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './class-names';

const control =
  'w-full rounded-xl border border-stone bg-paper px-4 text-[15px] text-ink placeholder:text-taupe/90 ' +
  'transition-colors hover:border-taupe/60 focus:border-ink focus:outline-none focus:ring-2 focus:ring-ink/10 ' +
  'disabled:cursor-not-allowed disabled:bg-sand disabled:text-taupe ' +
  'aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/15';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(control, 'h-12', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(control, 'min-h-24 py-3 leading-relaxed', className)} {...props} />;
});

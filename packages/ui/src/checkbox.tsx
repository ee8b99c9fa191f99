import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './class-names';

/** A native checkbox in the house style (native keeps form semantics and label clicks for free). */
export const Checkbox = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(function Checkbox(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        'mt-0.5 h-5 w-5 shrink-0 cursor-pointer appearance-none rounded-md border border-taupe/60 bg-paper transition-colors',
        'checked:border-ink checked:bg-ink checked:bg-[url("data:image/svg+xml,%3Csvg%20xmlns%3D%27http%3A//www.w3.org/2000/svg%27%20viewBox%3D%270%200%2016%2016%27%20fill%3D%27none%27%20stroke%3D%27%23faf7f2%27%20stroke-width%3D%272.2%27%20stroke-linecap%3D%27round%27%20stroke-linejoin%3D%27round%27%3E%3Cpath%20d%3D%27M3.5%208.5l3%203%206-7%27/%3E%3C/svg%3E")] checked:bg-center checked:bg-no-repeat',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink',
        className,
      )}
      {...props}
    />
  );
});

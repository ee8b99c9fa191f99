import { cn, Input } from '@drape/ui';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';

/** A password input with a show/hide toggle; `toggleLabel` names the field for the toggle. */
export function PasswordInput({ toggleLabel, className, ...props }: InputHTMLAttributes<HTMLInputElement> & { toggleLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-12', className)} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={`${visible ? 'Hide' : 'Show'} ${toggleLabel}`}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute right-1.5 top-1/2 inline-flex h-9 w-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-taupe transition-colors hover:bg-sand hover:text-ink focus-visible:outline-2 focus-visible:outline-ink"
      >
        {visible ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
      </button>
    </div>
  );
}

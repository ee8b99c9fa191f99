import { Input } from '@drape/ui';
import type { ComponentProps } from 'react';

/** The email input of the sign-in, sign-up and reset forms. */
export function EmailInput(props: ComponentProps<typeof Input>) {
  return <Input type="email" autoComplete="email" required placeholder="you@example.com" {...props} />;
}

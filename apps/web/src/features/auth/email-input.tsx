import { Field, Input } from '@drape/ui';

export interface EmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** The email input of the sign-in, sign-up and reset forms. */
export function EmailField({ id, value, onChange, error }: EmailFieldProps) {
  return (
    <Field id={id} label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="you@example.com"
        />
      )}
    </Field>
  );
}

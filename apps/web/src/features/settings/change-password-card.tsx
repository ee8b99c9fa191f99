import { APP_ERRORS, authMessages, changePasswordInput, isStrongPassword } from '@drape/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FormMessage, Input, Spinner, toast } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { appErrorCode, errorMessage } from '@drape/client';
import { useTRPC } from '../../lib/trpc';

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirmPassword' | 'form', string>>;

export function ChangePasswordCard() {
  const trpc = useTRPC();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const change = useMutation(trpc.user.changePassword.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    const parsed = changePasswordInput.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'currentPassword' | 'newPassword';
        next[key] ??= issue.message;
      }
    }
    if (!next.newPassword && !isStrongPassword(newPassword)) next.newPassword = APP_ERRORS.weak_password.message;
    if (newPassword !== confirmPassword) next.confirmPassword = authMessages.passwordsDoNotMatch;
    if (Object.keys(next).length > 0 || !parsed.success) return setErrors(next);
    setErrors({});
    try {
      const answer = await change.mutateAsync(parsed.data);
      toast({ title: 'Password Updated', description: answer.message, variant: 'success' });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
    } catch (err) {
      const code = appErrorCode(err);
      const message = errorMessage(err, 'Unable to change your password. Please try again.');
      if (code === 'invalid_current_password') setErrors({ currentPassword: message });
      else if (code === 'weak_password') setErrors({ newPassword: message });
      else setErrors({ form: message });
    }
  }

  const field = (setter: (v: string) => void, key: keyof Errors) => (e: { target: { value: string } }) => {
    setter(e.target.value);
    if (errors[key] || errors.form) setErrors({ ...errors, [key]: undefined, form: undefined });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change Password</CardTitle>
        <CardDescription>Changing your password signs out your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Change password">
          <Field id="settings-current-password" label="Current Password" error={errors.currentPassword}>
            {(control) => (
              <Input {...control} type="password" autoComplete="current-password" required value={currentPassword} onChange={field(setCurrentPassword, 'currentPassword')} />
            )}
          </Field>
          <Field id="settings-new-password" label="New Password" hint="At least 8 characters." error={errors.newPassword}>
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" required value={newPassword} onChange={field(setNewPassword, 'newPassword')} />
            )}
          </Field>
          <Field id="settings-confirm-password" label="Confirm New Password" error={errors.confirmPassword}>
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" required value={confirmPassword} onChange={field(setConfirmPassword, 'confirmPassword')} />
            )}
          </Field>
          <FormMessage>{errors.form}</FormMessage>
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending} aria-busy={change.isPending} className="w-full sm:w-auto">
              {change.isPending ? (
                <>
                  <Spinner /> Updating...
                </>
              ) : (
                'Update Password'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

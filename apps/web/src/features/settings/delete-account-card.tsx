import { deleteAccountInput, DELETION_GRACE_DAYS } from '@drape/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FormMessage, Input, Spinner, toast } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { appErrorCode, errorMessage } from '@drape/client';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../../lib/auth-context';

type Errors = Partial<Record<'password' | 'confirmation' | 'form', string>>;
const CONFIRMATION_WORD = 'DELETE';

export function DeleteAccountCard() {
  const trpc = useTRPC();
  const { endLocalSession } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const remove = useMutation(trpc.user.deleteAccount.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = deleteAccountInput.safeParse({ password, confirmation });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'password' | 'confirmation';
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      const answer = await remove.mutateAsync(parsed.data);
      // The server has ended every session: a complete local cleanup, then home (settings-and-admin §4).
      endLocalSession({ wipe: true, redirectTo: '/' });
      toast({ title: 'Account Deletion Requested', description: answer.message, variant: 'success' });
    } catch (err) {
      const code = appErrorCode(err);
      const message = errorMessage(err, 'Unable to delete your account. Please try again.');
      setErrors(code === 'invalid_password' ? { password: message } : { form: message });
    }
  }

  return (
    <Card className="border-danger/25">
      <CardHeader>
        <CardTitle as="h2" className="text-danger">
          Delete Account
        </CardTitle>
        <CardDescription>
          Your account will be deleted after a {DELETION_GRACE_DAYS}-day grace period. Signing in before then cancels the deletion.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Delete account">
          <Field id="settings-delete-password" label="Password" error={errors.password}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setErrors({});
                }}
              />
            )}
          </Field>
          <Field id="settings-delete-confirmation" label={`Type ${CONFIRMATION_WORD} to confirm`} error={errors.confirmation}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                value={confirmation}
                onChange={(e) => {
                  setConfirmation(e.target.value);
                  setErrors({});
                }}
              />
            )}
          </Field>
          <FormMessage>{errors.form}</FormMessage>
          <div className="flex justify-end">
            <Button
              type="submit"
              variant="destructive"
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              className="w-full sm:w-auto"
            >
              {remove.isPending ? (
                <>
                  <Spinner /> Deleting...
                </>
              ) : (
                'Delete Account'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

import { appErrorCode, errorMessage } from '@drape/client';
import { DELETION_GRACE_DAYS } from '@drape/contracts/auth';
import { deleteAccountInput } from '@drape/contracts/user';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Form, FormError, FormField, Input, toast, useZodForm } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useAuth } from '../../lib/auth-context';
import { useTRPC } from '../../lib/trpc';

const CONFIRMATION_WORD = 'DELETE';

/**
 * The typed word comes from a text field, so any string; the contract's confirmation (the literal
 * DELETE, with its message) judges it, which is why the text is handed on as unknown.
 */
const deleteAccountFormSchema = deleteAccountInput.extend({
  confirmation: z.string().transform((typed): unknown => typed).pipe(deleteAccountInput.shape.confirmation),
});

export function DeleteAccountCard() {
  const trpc = useTRPC();
  const { endLocalSession } = useAuth();
  const form = useZodForm(deleteAccountFormSchema, { defaultValues: { password: '', confirmation: '' } });
  const remove = useMutation(trpc.user.deleteAccount.mutationOptions());

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
        <Form
          form={form}
          aria-label="Delete account"
          className="flex flex-col gap-5"
          onSubmit={async (input) => {
            try {
              const answer = await remove.mutateAsync(input);
              // The server has ended every session: a complete local cleanup, then home (settings-and-admin §4).
              endLocalSession({ wipe: true, redirectTo: '/' });
              toast({ title: 'Account Deletion Requested', description: answer.message, variant: 'success' });
            } catch (err) {
              const message = errorMessage(err, 'Unable to delete your account. Please try again.');
              form.setError(appErrorCode(err) === 'invalid_password' ? 'password' : 'root', { message });
            }
          }}
        >
          <FormField
            control={form.control}
            name="password"
            id="settings-delete-password"
            label="Password"
            render={(field) => <Input {...field} type="password" autoComplete="current-password" required />}
          />
          <FormField
            control={form.control}
            name="confirmation"
            id="settings-delete-confirmation"
            label={`Type ${CONFIRMATION_WORD} to confirm`}
            render={(field) => <Input {...field} autoComplete="off" autoCapitalize="characters" spellCheck={false} required />}
          />
          <FormError />
          <div className="flex justify-end">
            <Button type="submit" variant="destructive" pending={form.formState.isSubmitting} pendingLabel="Deleting..." className="w-full sm:w-auto">
              Delete Account
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

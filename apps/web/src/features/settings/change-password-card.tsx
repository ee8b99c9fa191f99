import { appErrorCode, errorMessage } from '@drape/client';
import { authMessages } from '@drape/contracts/auth';
import { changePasswordInput } from '@drape/contracts/user';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Form, FormError, FormField, Input, toast, useZodForm } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { strongNewPasswordSchema } from '../../lib/password-rules';
import { useTRPC } from '../../lib/trpc';

/** The change-password call's input, the length rule, and a confirmation that must repeat the new password. */
const changePasswordFormSchema = changePasswordInput
  .extend({ newPassword: strongNewPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const trpc = useTRPC();
  const form = useZodForm(changePasswordFormSchema, { defaultValues: EMPTY });
  const change = useMutation(trpc.user.changePassword.mutationOptions());

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change Password</CardTitle>
        <CardDescription>Changing your password signs out your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label="Change password"
          className="flex flex-col gap-5"
          onSubmit={async ({ currentPassword, newPassword }) => {
            try {
              const answer = await change.mutateAsync({ currentPassword, newPassword });
              toast({ title: 'Password Updated', description: answer.message, variant: 'success' });
              form.reset(EMPTY);
            } catch (err) {
              const code = appErrorCode(err);
              const message = errorMessage(err, 'Unable to change your password. Please try again.');
              form.setError(code === 'invalid_current_password' ? 'currentPassword' : code === 'weak_password' ? 'newPassword' : 'root', { message });
            }
          }}
        >
          <FormField
            control={form.control}
            name="currentPassword"
            id="settings-current-password"
            label="Current Password"
            render={(field) => <Input {...field} type="password" autoComplete="current-password" required />}
          />
          <FormField
            control={form.control}
            name="newPassword"
            id="settings-new-password"
            label="New Password"
            hint="At least 8 characters."
            render={(field) => <Input {...field} type="password" autoComplete="new-password" required />}
          />
          <FormField
            control={form.control}
            name="confirmPassword"
            id="settings-confirm-password"
            label="Confirm New Password"
            render={(field) => <Input {...field} type="password" autoComplete="new-password" required />}
          />
          <FormError />
          <div className="flex justify-end">
            <Button type="submit" pending={form.formState.isSubmitting} pendingLabel="Updating..." className="w-full sm:w-auto">
              Update Password
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

import { errorMessage, isNetworkError } from '@drape/client';
import { authMessages, forgotPasswordInput } from '@drape/contracts';
import {
  Button, Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger,
  Form, FormField, toast, useZodForm,
} from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { EmailInput } from './email-input';

/** "Forgot your password?": asks for the email and sends a reset link (user-area §2, §8). */
export function ForgotPasswordDialog({ initialEmail = '' }: { initialEmail?: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const form = useZodForm(forgotPasswordInput, { defaultValues: { email: '' } });
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions());

  function onOpenChange(next: boolean) {
    // Each opening starts from the email typed in the sign-in form, without an old error.
    if (next) form.reset({ email: initialEmail });
    setOpen(next);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="link">Forgot your password?</Button>
      </DialogTrigger>
      <DialogContent>
        <Form
          form={form}
          onSubmit={async (input) => {
            try {
              await send.mutateAsync(input);
              toast({ title: authMessages.resetLinkSentTitle, description: authMessages.resetLinkSent, variant: 'success' });
              form.reset({ email: '' });
              setOpen(false);
            } catch (err) {
              if (isNetworkError(err)) {
                toast({ title: authMessages.networkErrorTitle, description: authMessages.networkError, variant: 'destructive' });
              } else {
                toast({ title: authMessages.resetFailedTitle, description: errorMessage(err, authMessages.resetEmailFailed), variant: 'destructive' });
              }
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Reset your password</DialogTitle>
            <DialogDescription>Enter the email you signed up with and we&apos;ll send you a link to choose a new password.</DialogDescription>
          </DialogHeader>
          <DialogBody>
            <FormField control={form.control} name="email" id="forgot-email" label="Email" render={(field) => <EmailInput {...field} />} />
          </DialogBody>
          <DialogFooter>
            <Button type="submit" pending={form.formState.isSubmitting} pendingLabel="Sending...">
              Send Reset Link
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

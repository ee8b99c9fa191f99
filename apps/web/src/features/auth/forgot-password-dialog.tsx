import { errorMessage, isNetworkError } from '@drape/client';
import { authMessages, forgotPasswordInput } from '@drape/contracts/auth';
import {
  Button, Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle,
  Form, FormField, toast, useZodForm,
} from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { EmailInput } from './email-input';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialEmail?: string;
}

/**
 * The reset dialog behind "Forgot your password?" (forgot-password-link.tsx): asks for the email
 * and sends a reset link (user-area §2, §8). Each opening mounts it afresh, from the email typed
 * in the sign-in form and without an old error.
 */
export default function ForgotPasswordDialog({ open, onOpenChange: setOpen, initialEmail = '' }: ForgotPasswordDialogProps) {
  const trpc = useTRPC();
  const form = useZodForm(forgotPasswordInput, { defaultValues: { email: initialEmail } });
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions());

  return (
    <Dialog open={open} onOpenChange={setOpen}>
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

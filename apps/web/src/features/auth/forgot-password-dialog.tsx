import { authMessages, forgotPasswordInput } from '@drape/contracts';
import {
  Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogBody, DialogTitle, DialogTrigger,
  Spinner, toast,
} from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isNetworkError } from '@drape/client';
import { useTRPC } from '../../lib/trpc';
import { TRPCClientError } from '@trpc/client';
import { EmailField } from './email-field';

/** "Forgot your password?": asks for the email and sends a reset link (user-area §2, §8). */
export function ForgotPasswordDialog({ initialEmail = '' }: { initialEmail?: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions());

  function onOpenChange(next: boolean) {
    if (next) {
      setEmail(initialEmail);
      setError(undefined);
    }
    setOpen(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog sits inside the sign-in form in the DOM tree of React portals: keep the submit here.
    event.stopPropagation();
    const parsed = forgotPasswordInput.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await send.mutateAsync(parsed.data);
      toast({ title: authMessages.resetLinkSentTitle, description: authMessages.resetLinkSent, variant: 'success' });
      setEmail('');
      setOpen(false);
    } catch (err) {
      if (isNetworkError(err)) {
        toast({ title: authMessages.networkErrorTitle, description: authMessages.networkError, variant: 'destructive' });
      } else {
        const message = err instanceof TRPCClientError && err.message ? err.message : authMessages.resetEmailFailed;
        toast({ title: authMessages.resetFailedTitle, description: message, variant: 'destructive' });
      }
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="link">Forgot your password?</Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={onSubmit}>
          <DialogHeader>
            <DialogTitle>Reset your password</DialogTitle>
            <DialogDescription>Enter the email you signed up with and we&apos;ll send you a link to choose a new password.</DialogDescription>
          </DialogHeader>
          <DialogBody>
            <EmailField id="forgot-email" value={email} onChange={setEmail} error={error} />
          </DialogBody>
          <DialogFooter>
            <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
              {send.isPending ? (
                <>
                  <Spinner /> Sending...
                </>
              ) : (
                'Send Reset Link'
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { Button } from '@drape/ui';
import { lazy, Suspense, useState } from 'react';

// The dialog (and the dialog primitives under it) loads when it is first asked for, not with the sign-in form.
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog'));

/** "Forgot your password?" (user-area §2): opens the reset dialog, a fresh one each time. */
export function ForgotPasswordLink({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <Button
        variant="link"
        aria-haspopup="dialog"
        onClick={() => {
          setOpenings((n) => n + 1);
          setOpen(true);
        }}
      >
        Forgot your password?
      </Button>
      {openings > 0 ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog key={openings} open={open} onOpenChange={setOpen} initialEmail={initialEmail} />
        </Suspense>
      ) : null}
    </>
  );
}

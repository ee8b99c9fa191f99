import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { REFERRAL_HOLD_LABELS, REFERRAL_STATUS_LABELS, TIER_NAMES, type ReferralStatus, type Tier } from '@drape/contracts';
import { adminUsersMessages, type AdminReferralRow, type AdminUserRow } from '@drape/contracts/admin';
import {
  Badge, Button, Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle, Spinner, type BadgeTone,
} from '@drape/ui';
import { adminKeys } from '../../lib/admin-keys';
import { QueryError } from '../../lib/query-error';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_TONE: Record<ReferralStatus, BadgeTone> = { counted: 'success', released: 'success', held: 'gold', revoked: 'danger' };

export interface ReferralsDialogProps {
  /** The referrer under review, or null when the dialog is closed. */
  referrer: AdminUserRow | null;
  onClose(): void;
}

/**
 * A referrer's referrals (docs/decisions/0015-referral-holds.md): each friend's sign-up network
 * and standing; a held one can be released (it counts, and may raise the tier at once) or revoked
 * (it never counts). Both are audited admin actions.
 */
export function ReferralsDialog({ referrer, onClose }: ReferralsDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.users.referrals.queryOptions({ userId: referrer?.id ?? '' }, { enabled: referrer !== null }));

  const decision = (verb: string) => ({
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.admin.users.referrals.queryKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('users') });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: trpc.admin.users.referrals.queryKey() }),
    toasts: {
      success: ({ referrerTier }: { referrerTier: Tier }, { userId }: { userId: string }) => {
        const who = list.data?.referrals.find((r) => r.userId === userId)?.username ?? 'The referral';
        return { title: `Referral ${verb}`, description: `${who}: ${referrer?.username ?? 'the referrer'} is ${TIER_NAMES[referrerTier]}.` };
      },
      failure: 'Unable to change the referral',
      fallback: adminUsersMessages.referralDecisionFailed,
    },
  });
  const release = useAdminMutation({ ...trpc.admin.users.releaseReferral.mutationOptions(), ...decision('released') });
  const revoke = useAdminMutation({ ...trpc.admin.users.revokeReferral.mutationOptions(), ...decision('revoked') });
  const busy = release.isPending || revoke.isPending;

  return (
    <Dialog open={referrer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>Referrals of {referrer?.username}</DialogTitle>
          <DialogDescription>{adminUsersMessages.heldReferralsHint}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {list.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600"><Spinner /> Loading referrals…</p>
          ) : list.isError ? (
            <QueryError error={list.error} fallback={adminUsersMessages.referralsLoadFailed} onRetry={() => void list.refetch()} />
          ) : (
            <ul aria-label="Referrals" className="divide-y divide-slate-100">
              {list.data.referrals.map((r) => (
                <ReferralItem
                  key={r.userId}
                  referral={r}
                  busy={busy}
                  onRelease={() => release.mutate({ userId: r.userId })}
                  onRevoke={() => revoke.mutate({ userId: r.userId })}
                />
              ))}
            </ul>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function ReferralItem({ referral: r, busy, onRelease, onRevoke }: { referral: AdminReferralRow; busy: boolean; onRelease(): void; onRevoke(): void }) {
  return (
    <li aria-label={`Referral of ${r.username}`} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{r.username}</span>
          <Badge tone={STATUS_TONE[r.status]}>{REFERRAL_STATUS_LABELS[r.status]}</Badge>
        </p>
        <p className="text-xs break-all text-slate-500">{r.email}</p>
        <p className="text-xs text-slate-500">
          Signed up <time dateTime={r.createdAt}>{moment.format(new Date(r.createdAt))}</time> from {r.network ?? 'an unknown network'}
          {r.holdReason ? ` · ${REFERRAL_HOLD_LABELS[r.holdReason]}` : ''}
          {r.decidedBy ? ` · by ${r.decidedBy}` : ''}
        </p>
      </div>
      {r.status === 'held' && (
        <div className="flex gap-2">
          <Button size="sm" disabled={busy} onClick={onRelease} aria-label={`Release the referral of ${r.username}`}>
            <Check aria-hidden="true" className="h-4 w-4" /> Release
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={onRevoke} aria-label={`Revoke the referral of ${r.username}`}>
            <X aria-hidden="true" className="h-4 w-4" /> Revoke
          </Button>
        </div>
      )}
    </li>
  );
}

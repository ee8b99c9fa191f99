import { inviteMessages, type InviteStep } from '@drape/contracts';

/** Friends invited against one step (Stylist at 3, Fashion Icon at 5): the count, the bar and its tier's name. */
export function InviteStepMeter({ step, className }: { step: InviteStep; className?: string }) {
  const label = `${inviteMessages.friendsInvited} toward ${step.name}`;
  return (
    <div className={className ?? 'flex flex-col gap-2'}>
      <div className="flex justify-between text-sm">
        <span className="font-medium text-umber">{label}</span>
        <span className="text-taupe">
          {step.current}/{step.friends}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={step.friends}
        aria-valuenow={step.current}
        className="h-2 overflow-hidden rounded-full bg-sand"
      >
        <div className="h-full rounded-full bg-gold" style={{ width: `${(step.current / step.friends) * 100}%` }} />
      </div>
    </div>
  );
}

import { errorMessage } from '@drape/client';
import { REFERRALS_FOR_STYLIST, TIER_NAMES, tierPolicy, type PublicUser } from '@drape/contracts';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FormMessage,
  Select, SelectContent, SelectItem, SelectTrigger, SelectValue, buttonClasses, toast,
} from '@drape/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTRPC } from '../../lib/trpc';
import { useSetProfile } from '../../lib/use-profile';

const BOTH_REQUIRED = 'Please choose both a style vibe and a body shape.';

/**
 * user-area §2, §5, §6: style vibe and body shape for every tier but Enthusiast (the lists are
 * fetched only then); saving needs both. Enthusiasts see what unlocks it.
 */
export function PersonalizationCard({ user }: { user: PublicUser }) {
  if (!tierPolicy(user.tier).personalization) return <LockedPersonalization invitesSent={user.invitesSent} />;
  // Keyed by the saved values so that the form starts from them after a save elsewhere.
  return <PersonalizationForm key={`${user.styleVibe}:${user.bodyShape}`} user={user} />;
}

function PersonalizationForm({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const setProfile = useSetProfile();
  const vibes = useQuery(trpc.catalog.styleVibes.queryOptions());
  const shapes = useQuery(trpc.catalog.bodyShapes.queryOptions());
  const [styleVibe, setStyleVibe] = useState(user.styleVibe ?? '');
  const [bodyShape, setBodyShape] = useState(user.bodyShape ?? '');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const save = useMutation(trpc.user.updateProfile.mutationOptions());
  const listsFailed = vibes.isError || shapes.isError;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!styleVibe || !bodyShape) return setMessage({ tone: 'error', text: BOTH_REQUIRED });
    setMessage(null);
    try {
      const answer = await save.mutateAsync({ styleVibe, bodyShape });
      setProfile(answer.user);
      toast({ title: 'Preferences Saved', description: 'Your next looks will follow your style vibe and body shape.', variant: 'success' });
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err, 'Unable to save your preferences. Please try again.') });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Personalization Options</CardTitle>
        <CardDescription>Every look you create follows your style vibe and body shape.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Personalization options" className="flex flex-col gap-5">
          <Field id="dashboard-style-vibe" label="Style Vibe">
            {(control) => (
              <Select value={styleVibe || undefined} onValueChange={setStyleVibe} name="styleVibe" disabled={!vibes.data}>
                <SelectTrigger {...control}>
                  <SelectValue placeholder={vibes.data ? 'Select style vibe' : 'Loading options...'} />
                </SelectTrigger>
                <SelectContent>
                  {(vibes.data ?? []).map((v) => (
                    <SelectItem key={v.id} value={v.id}>
                      {v.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field id="dashboard-body-shape" label="Body Shape">
            {(control) => (
              <Select value={bodyShape || undefined} onValueChange={setBodyShape} name="bodyShape" disabled={!shapes.data}>
                <SelectTrigger {...control}>
                  <SelectValue placeholder={shapes.data ? 'Select body shape' : 'Loading options...'} />
                </SelectTrigger>
                <SelectContent>
                  {(shapes.data ?? []).map((s) => (
                    <SelectItem key={s.id} value={s.id}>
                      {s.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          {listsFailed ? <FormMessage>Unable to load the personalization options. Please try again later.</FormMessage> : null}
          <FormMessage tone={message?.tone}>{message?.text}</FormMessage>
          <Button type="submit" variant="outline" disabled={listsFailed} pending={save.isPending} pendingLabel="Saving..." className="w-full">
            Save Preferences
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** user-area §6: the personalization unlock shows the friends needed (3 minus invites). */
function LockedPersonalization({ invitesSent }: { invitesSent: number }) {
  const friendsNeeded = Math.max(0, REFERRALS_FOR_STYLIST - invitesSent);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h2">Personalization Options</CardTitle>
          <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
            <Lock aria-hidden="true" className="h-4 w-4" />
          </span>
        </div>
        <CardDescription>
          Style vibe and body shape personalization starts at the {TIER_NAMES.stylist} tier.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4">
        <p className="text-sm text-umber">
          {friendsNeeded > 0
            ? `${friendsNeeded} more invited ${friendsNeeded === 1 ? 'friend unlocks' : 'friends unlock'} it.`
            : 'Contact support to activate'}
        </p>
        <Link to="/tiers" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Compare tiers
        </Link>
      </CardContent>
    </Card>
  );
}

import { errorMessage } from '@drape/client';
import { inviteMessages, inviteProgress, stepThatOpens, TIER_NAMES, tierPolicy, type Tier } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import { updateProfileInput } from '@drape/contracts/user';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Form, FormError, FormField, FormMessage,
  Select, SelectContent, SelectItem, SelectTrigger, SelectValue, buttonClasses, toast, useZodForm,
} from '@drape/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useSetProfile } from '../../lib/use-profile';

const BOTH_REQUIRED = 'Please choose both a style vibe and a body shape.';

/**
 * user-area §2, §5, §6: style vibe and body shape for every tier but Enthusiast (the lists are
 * fetched only then); saving needs both. Enthusiasts see what unlocks it.
 */
export function PersonalizationCard({ user }: { user: PublicUser }) {
  if (!tierPolicy(user.tier).personalization) return <LockedPersonalization tier={user.tier} invitesSent={user.invitesSent} />;
  // Keyed by the saved values so that the form starts from them after a save elsewhere.
  return <PersonalizationForm key={`${user.styleVibe}:${user.bodyShape}`} user={user} />;
}

/** The update call's two preference fields; saving needs both (one message above the button). */
const personalizationSchema = updateProfileInput
  .pick({ styleVibe: true, bodyShape: true })
  .superRefine(({ styleVibe, bodyShape }, ctx) => {
    if (!styleVibe || !bodyShape) ctx.addIssue({ code: 'custom', path: ['root'], message: BOTH_REQUIRED });
  });

function PersonalizationForm({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const setProfile = useSetProfile();
  const vibes = useQuery(trpc.catalog.styleVibes.queryOptions());
  const shapes = useQuery(trpc.catalog.bodyShapes.queryOptions());
  const form = useZodForm(personalizationSchema, { defaultValues: { styleVibe: user.styleVibe ?? '', bodyShape: user.bodyShape ?? '' } });
  const save = useMutation(trpc.user.updateProfile.mutationOptions());
  const listsFailed = vibes.isError || shapes.isError;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Personalization Options</CardTitle>
        <CardDescription>Every look you create follows your style vibe and body shape.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label="Personalization options"
          className="flex flex-col gap-5"
          onSubmit={async (input) => {
            try {
              const answer = await save.mutateAsync(input);
              setProfile(answer.user);
              toast({ title: 'Preferences Saved', description: 'Your next looks will follow your style vibe and body shape.', variant: 'success' });
            } catch (err) {
              form.setError('root', { message: errorMessage(err, 'Unable to save your preferences. Please try again.') });
            }
          }}
        >
          <FormField
            control={form.control}
            name="styleVibe"
            id="dashboard-style-vibe"
            label="Style Vibe"
            render={({ value, onChange, name, ...trigger }) => (
              <Select value={value || undefined} onValueChange={onChange} name={name} disabled={!vibes.data}>
                <SelectTrigger {...trigger}>
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
          />
          <FormField
            control={form.control}
            name="bodyShape"
            id="dashboard-body-shape"
            label="Body Shape"
            render={({ value, onChange, name, ...trigger }) => (
              <Select value={value || undefined} onValueChange={onChange} name={name} disabled={!shapes.data}>
                <SelectTrigger {...trigger}>
                  <SelectValue placeholder={shapes.data ? 'Select body shape' : 'Loading options...'} />
                </SelectTrigger>
                <SelectContent>
                  {(shapes.data ?? []).map((shape) => (
                    <SelectItem key={shape.id} value={shape.id}>
                      {shape.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {listsFailed ? <FormMessage>Unable to load the personalization options. Please try again later.</FormMessage> : null}
          <FormError />
          <Button type="submit" variant="outline" disabled={listsFailed} pending={form.formState.isSubmitting} pendingLabel="Saving..." className="w-full">
            Save Preferences
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** user-area §6: the personalization unlock shows the friends needed (3 minus invites), as the lock pages do. */
function LockedPersonalization({ tier, invitesSent }: { tier: Tier; invitesSent: number }) {
  const opens = stepThatOpens(inviteProgress(tier, invitesSent), (policy) => policy.personalization);
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
          {inviteMessages.toUnlock(opens)}
        </p>
        <Link to="/tiers" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Compare tiers
        </Link>
      </CardContent>
    </Card>
  );
}

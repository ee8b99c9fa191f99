import { errorMessage } from '@drape/client';
import { inviteMessages, inviteProgress, stepThatOpens, tierPolicy, type Tier } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import { generationMessages } from '@drape/contracts/generation';
import { updateProfileInput } from '@drape/contracts/user';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Form, FormError, FormField, FormMessage,
  Select, SelectContent, SelectItem, SelectTrigger, SelectValue, buttonClasses, toast, useZodForm,
} from '@drape/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useTRPC } from '../lib/trpc';
import { useSetProfile } from '../lib/use-profile';

/** The select's value for "nothing chosen" (Radix selects cannot hold an empty value). */
const NO_PREFERENCE = 'none';

/**
 * user-area §2 and settings-and-admin §1: style vibe, skin tone and body shape for every tier but
 * Enthusiast (the tier-gated lists are fetched only then). Each choice is optional when saving
 * (docs/spec-notes.md, "Personalization: three optional choices"). Enthusiasts see what unlocks it.
 * Shown on the dashboard and the profile.
 */
export function PersonalizationCard({ user }: { user: PublicUser }) {
  if (!tierPolicy(user.tier).personalization) return <LockedPersonalization tier={user.tier} invitesSent={user.invitesSent} />;
  // Keyed by the saved values so that the form starts from them after a save elsewhere.
  return <PersonalizationForm key={`${user.styleVibe}:${user.bodyShape}:${user.skinTone}`} user={user} />;
}

const personalizationSchema = updateProfileInput.pick({ styleVibe: true, skinTone: true, bodyShape: true });
type Choice = 'styleVibe' | 'skinTone' | 'bodyShape';

function PersonalizationForm({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const setProfile = useSetProfile();
  const lists = {
    styleVibe: useQuery(trpc.catalog.styleVibes.queryOptions()),
    skinTone: useQuery(trpc.catalog.skinTones.queryOptions()),
    bodyShape: useQuery(trpc.catalog.bodyShapes.queryOptions()),
  };
  const form = useZodForm(personalizationSchema, {
    defaultValues: { styleVibe: user.styleVibe ?? '', skinTone: user.skinTone ?? '', bodyShape: user.bodyShape ?? '' },
  });
  const save = useMutation(trpc.user.updateProfile.mutationOptions());
  const listsFailed = Object.values(lists).some((list) => list.isError);
  const fields: { name: Choice; label: string; noun: string }[] = [
    { name: 'styleVibe', label: 'Style Vibe', noun: 'style vibe' },
    { name: 'skinTone', label: 'Skin Tone', noun: 'skin tone' },
    { name: 'bodyShape', label: 'Body Shape', noun: 'body shape' },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Personalization Options</CardTitle>
        <CardDescription>Every look you create follows your style vibe, skin tone and body shape. Each is optional.</CardDescription>
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
              toast({ title: 'Preferences Saved', description: 'Your next looks will follow your preferences.', variant: 'success' });
            } catch (err) {
              form.setError('root', { message: errorMessage(err, 'Unable to save your preferences. Please try again.') });
            }
          }}
        >
          {fields.map((field) => (
            <FormField
              key={field.name}
              control={form.control}
              name={field.name}
              id={`personalization-${field.name}`}
              label={field.label}
              render={({ value, onChange, name, ...trigger }) => (
                <ChoiceSelect options={lists[field.name].data} value={value ?? ''} onChange={onChange} name={name} noun={field.noun} trigger={trigger} />
              )}
            />
          ))}
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

function ChoiceSelect({ options, value, onChange, name, noun, trigger }: {
  options: { id: string; name: string }[] | undefined;
  value: string;
  onChange: (value: string) => void;
  name: string;
  noun: string;
  trigger: object;
}) {
  return (
    <Select value={options ? value || NO_PREFERENCE : undefined} onValueChange={(v) => onChange(v === NO_PREFERENCE ? '' : v)} name={name} disabled={!options}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={options ? `Select ${noun}` : 'Loading options...'} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_PREFERENCE}>No preference</SelectItem>
        {(options ?? []).map((option) => (
          <SelectItem key={option.id} value={option.id}>
            {option.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
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
        <CardDescription>{generationMessages.personalizationTier}</CardDescription>
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

import { errorMessage } from '@drape/client';
import { usernameMessages, usernameSchema } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import { PROFILE_COUNTRIES, PROFILE_GENDERS, updateProfileInput, userMessages } from '@drape/contracts/user';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Form, FormError, FormField, FormMessage, Input,
  Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Textarea, toast, useZodForm,
} from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { PageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { useProfile, useSetProfile } from '../../lib/use-profile';
import { PageLoading } from '../../components/page-loading';
import { PageHeader } from '../../components/page-header';
import { TierBadge } from '../../components/tier-badge';
import { PersonalizationCard } from '../../components/personalization-card';
import { GENDER_LABELS, optionOf } from './profile-options';

export default function ProfilePage() {
  const profile = useProfile();
  const user = profile.data?.user;
  return (
    <>
      <PageMeta title="Profile" description="Your Drape profile." noindex path="/profile" />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
        <PageHeader eyebrow="Account" title="Profile" />
        {profile.isError ? <FormMessage>{userMessages.profileLoadFailed}</FormMessage> : null}
        {!user && !profile.isError ? <PageLoading /> : null}
        {/* Keyed by the user's last update so that the form starts from the saved values. */}
        {user ? <ProfileForm key={user.id} user={user} /> : null}
        {user ? <PersonalizationCard user={user} /> : null}
      </div>
    </>
  );
}

/** The fields of the update call this form edits, and the fixed username, which must still be well formed. */
const profileFormSchema = updateProfileInput
  .pick({ firstName: true, lastName: true, dateOfBirth: true, gender: true, country: true, bio: true })
  .extend({ username: z.string().trim().min(1, usernameMessages.required).pipe(usernameSchema) });

function ProfileForm({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const setProfile = useSetProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      dateOfBirth: user.dateOfBirth ?? '',
      gender: optionOf(PROFILE_GENDERS, user.gender),
      country: optionOf(PROFILE_COUNTRIES, user.country),
      bio: user.bio ?? '',
    },
  });
  const update = useMutation(trpc.user.updateProfile.mutationOptions());

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">Personal Information</CardTitle>
          <TierBadge tier={user.tier} />
        </div>
        <CardDescription>{user.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label="Personal information"
          className="flex flex-col gap-5"
          onSubmit={async (input) => {
            try {
              const answer = await update.mutateAsync(input);
              setProfile(answer.user);
              toast({ title: userMessages.profileSaved, variant: 'success' });
            } catch (err) {
              form.setError('root', { message: errorMessage(err, 'Unable to save your profile. Please try again.') });
            }
          }}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="firstName"
              id="profile-firstName"
              label="First Name"
              render={({ value, ...field }) => <Input {...field} value={value ?? ''} autoComplete="given-name" required />}
            />
            <FormField
              control={form.control}
              name="lastName"
              id="profile-lastName"
              label="Last Name"
              render={({ value, ...field }) => <Input {...field} value={value ?? ''} autoComplete="family-name" required />}
            />
          </div>
          <FormField
            control={form.control}
            name="username"
            id="profile-username"
            label="Username"
            hint={usernameMessages.cannotChange}
            render={(field) => <Input {...field} disabled readOnly />}
          />
          <FormField
            control={form.control}
            name="dateOfBirth"
            id="profile-dateOfBirth"
            label="Date of Birth"
            aside="Optional"
            render={({ value, ...field }) => <Input {...field} value={value ?? ''} type="date" autoComplete="bday" />}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="gender"
              id="profile-gender"
              label="Gender"
              aside="Optional"
              render={({ value, onChange, name, ...trigger }) => (
                <Select value={value || undefined} onValueChange={onChange} name={name}>
                  <SelectTrigger {...trigger}>
                    <SelectValue placeholder="Select gender" />
                  </SelectTrigger>
                  <SelectContent>
                    {PROFILE_GENDERS.map((g) => (
                      <SelectItem key={g} value={g}>
                        {GENDER_LABELS[g]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FormField
              control={form.control}
              name="country"
              id="profile-country"
              label="Country"
              aside="Optional"
              render={({ value, onChange, name, ...trigger }) => (
                <Select value={value || undefined} onValueChange={onChange} name={name}>
                  <SelectTrigger {...trigger}>
                    <SelectValue placeholder="Select country" />
                  </SelectTrigger>
                  <SelectContent>
                    {PROFILE_COUNTRIES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {c}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="bio"
            id="profile-bio"
            label="Bio"
            aside="Optional"
            render={({ value, ...field }) => (
              <Textarea {...field} value={value ?? ''} rows={4} maxLength={500} placeholder="A few words about your style" />
            )}
          />
          <FormError />
          <div className="flex justify-end">
            <Button type="submit" pending={form.formState.isSubmitting} pendingLabel="Saving..." className="w-full sm:w-auto">
              Save Changes
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

import {
  PROFILE_COUNTRIES, PROFILE_GENDERS, updateProfileInput, usernameMessages, usernameProblem, userMessages, type PublicUser,
} from '@drape/contracts';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FormMessage, Input,
  Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Spinner, Textarea, toast,
} from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@drape/client';
import { PageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { useProfile, useSetProfile } from '../../lib/use-profile';
import { PageLoading } from '../../components/page-loading';
import { TierBadge } from '../../components/tier-badge';
import { GENDER_LABELS } from './profile-options';

export default function ProfilePage() {
  const profile = useProfile();
  const user = profile.data?.user;
  return (
    <>
      <PageMeta title="Profile" description="Your Drape profile." noindex path="/profile" />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
        <header className="flex flex-col gap-2">
          <p className="eyebrow">Account</p>
          <h1 className="font-display text-4xl font-medium tracking-tight sm:text-5xl">Profile</h1>
        </header>
        {profile.isError ? <FormMessage>{userMessages.profileLoadFailed}</FormMessage> : null}
        {!user && !profile.isError ? <PageLoading /> : null}
        {/* Keyed by the user's last update so that the form starts from the saved values. */}
        {user ? <ProfileForm key={user.id} user={user} /> : null}
      </div>
    </>
  );
}

type FieldKey = 'firstName' | 'lastName' | 'username' | 'dateOfBirth' | 'gender' | 'country' | 'bio' | 'form';
type Errors = Partial<Record<FieldKey, string>>;

function ProfileForm({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const setProfile = useSetProfile();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [dateOfBirth, setDateOfBirth] = useState(user.dateOfBirth ?? '');
  const [gender, setGender] = useState(user.gender ?? '');
  const [country, setCountry] = useState(user.country ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const update = useMutation(trpc.user.updateProfile.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    const username = user.username.trim();
    if (!username) next.username = usernameMessages.required;
    else {
      const problem = usernameProblem(username);
      if (problem) next.username = problem;
    }
    const input = { firstName, lastName, username, dateOfBirth, gender, country, bio };
    const parsed = updateProfileInput.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldKey;
        if (!next[key]) next[key] = issue.message;
      }
    }
    if (Object.keys(next).length > 0 || !parsed.success) {
      setErrors(next);
      const first = (['firstName', 'lastName', 'dateOfBirth', 'bio'] as const).find((k) => next[k]);
      if (first) document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const answer = await update.mutateAsync(parsed.data);
      setProfile(answer.user);
      toast({ title: userMessages.profileSaved, variant: 'success' });
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Unable to save your profile. Please try again.') });
    }
  }

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
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Personal information">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="profile-firstName" label="First Name" error={errors.firstName}>
              {(control) => (
                <Input {...control} name="firstName" autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
              )}
            </Field>
            <Field id="profile-lastName" label="Last Name" error={errors.lastName}>
              {(control) => (
                <Input {...control} name="lastName" autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
              )}
            </Field>
          </div>
          <Field id="profile-username" label="Username" hint={usernameMessages.cannotChange} error={errors.username}>
            {(control) => <Input {...control} name="username" value={user.username} disabled readOnly />}
          </Field>
          <Field id="profile-dateOfBirth" label="Date of Birth" aside="Optional" error={errors.dateOfBirth}>
            {(control) => (
              <Input {...control} type="date" name="dateOfBirth" autoComplete="bday" value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="profile-gender" label="Gender" aside="Optional" error={errors.gender}>
              {(control) => (
                <Select value={gender || undefined} onValueChange={setGender} name="gender">
                  <SelectTrigger {...control}>
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
            </Field>
            <Field id="profile-country" label="Country" aside="Optional" error={errors.country}>
              {(control) => (
                <Select value={country || undefined} onValueChange={setCountry} name="country">
                  <SelectTrigger {...control}>
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
            </Field>
          </div>
          <Field id="profile-bio" label="Bio" aside="Optional" error={errors.bio}>
            {(control) => (
              <Textarea {...control} name="bio" rows={4} maxLength={500} value={bio} onChange={(e) => setBio(e.target.value)} placeholder="A few words about your style" />
            )}
          </Field>
          <FormMessage>{errors.form}</FormMessage>
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending} className="w-full sm:w-auto">
              {update.isPending ? (
                <>
                  <Spinner /> Saving...
                </>
              ) : (
                'Save Changes'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

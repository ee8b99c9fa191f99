import { geolocationPreferencesInput, PREFERRED_COUNTRIES, userMessages, type PublicUser } from '@drape/contracts';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Input, Label,
  Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Switch, toast,
} from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useSetProfile } from '../../lib/use-profile';

const AUTO = 'auto';
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

type Errors = Partial<Record<'google' | 'amazon', string>>;

/** settings-and-admin §2.1, §5: 'auto' is sent as none, empty domains as none. */
export function ShoppingPreferencesCard({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const setProfile = useSetProfile();
  const [enabled, setEnabled] = useState(user.geolocationEnabled);
  const [country, setCountry] = useState<string>(user.preferredCountry ?? AUTO);
  const [google, setGoogle] = useState(user.preferredDomains.google ?? '');
  const [amazon, setAmazon] = useState(user.preferredDomains.amazon ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation(trpc.user.geolocationPreferences.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = geolocationPreferencesInput.safeParse({
      geolocationEnabled: enabled,
      preferredCountry: country === AUTO ? null : country,
      preferredDomains: { google: google.trim() || null, amazon: amazon.trim() || null },
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[1];
        if (key === 'google' || key === 'amazon') next[key] ??= issue.message;
      }
      setErrors(next);
      if (Object.keys(next).length === 0) {
        toast({ title: userMessages.preferencesFailedTitle, description: userMessages.preferencesFailed, variant: 'destructive' });
      }
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(parsed.data);
      setProfile(answer.user);
      toast({ title: userMessages.preferencesSavedTitle, description: userMessages.preferencesSaved, variant: 'success' });
    } catch {
      toast({ title: userMessages.preferencesFailedTitle, description: userMessages.preferencesFailed, variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Shopping Domain Preferences</CardTitle>
        <CardDescription>Choose which regional Google Shopping and Amazon sites your shopping links open.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Shopping domain preferences">
          <div className="flex items-center justify-between gap-4 rounded-xl border border-linen bg-sand/50 px-4 py-3">
            <div className="flex flex-col gap-0.5">
              <Label htmlFor="settings-geolocation">Use my location</Label>
              <p id="settings-geolocation-hint" className="text-xs text-taupe">
                Detect your region automatically for shopping links.
              </p>
            </div>
            <Switch id="settings-geolocation" checked={enabled} onCheckedChange={setEnabled} aria-describedby="settings-geolocation-hint" />
          </div>
          <Field id="settings-country" label="Preferred Country">
            {(control) => (
              <Select value={country} onValueChange={setCountry}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={AUTO}>Auto-detect</SelectItem>
                  {PREFERRED_COUNTRIES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {regionNames.of(code) ?? code} ({code})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="settings-google-domain" label="Google Domain" aside="Optional" error={errors.google}>
              {(control) => (
                <Input {...control} inputMode="url" autoCapitalize="none" spellCheck={false} placeholder="google.com" value={google} onChange={(e) => setGoogle(e.target.value)} />
              )}
            </Field>
            <Field id="settings-amazon-domain" label="Amazon Domain" aside="Optional" error={errors.amazon}>
              {(control) => (
                <Input {...control} inputMode="url" autoCapitalize="none" spellCheck={false} placeholder="amazon.com" value={amazon} onChange={(e) => setAmazon(e.target.value)} />
              )}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" pending={save.isPending} pendingLabel="Saving..." className="w-full sm:w-auto">
              Save Preferences
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

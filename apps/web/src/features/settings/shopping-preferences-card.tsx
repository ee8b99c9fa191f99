import type { PublicUser } from '@drape/contracts/auth';
import { geolocationPreferencesInput, PREFERRED_COUNTRIES, userMessages } from '@drape/contracts/user';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Form, FormController, FormField, Input, Label,
  Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Switch, toast, useZodForm,
} from '@drape/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../lib/trpc';
import { useSetProfile } from '../../lib/use-profile';

const AUTO = 'auto';
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const { preferredCountry, preferredDomains } = geolocationPreferencesInput.shape;

/**
 * The card's fields, judged by the contract's own rules once 'auto' reads as no country and an
 * empty domain as none (handed on as unknown so that those rules may judge any text).
 */
const preferencesFormSchema = z.object({
  geolocationEnabled: z.boolean(),
  country: z.string().transform((country): unknown => (country === AUTO ? null : country)).pipe(preferredCountry),
  google: z.string().transform((domain): unknown => domain.trim() || null).pipe(preferredDomains.shape.google),
  amazon: z.string().transform((domain): unknown => domain.trim() || null).pipe(preferredDomains.shape.amazon),
});

function failedToast() {
  toast({ title: userMessages.preferencesFailedTitle, description: userMessages.preferencesFailed, variant: 'destructive' });
}

/** settings-and-admin §2.1, §5: 'auto' is sent as none, empty domains as none. */
export function ShoppingPreferencesCard({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const setProfile = useSetProfile();
  const queryClient = useQueryClient();
  const form = useZodForm(preferencesFormSchema, {
    defaultValues: {
      geolocationEnabled: user.geolocationEnabled,
      country: user.preferredCountry ?? AUTO,
      google: user.preferredDomains.google ?? '',
      amazon: user.preferredDomains.amazon ?? '',
    },
  });
  const save = useMutation(trpc.user.geolocationPreferences.mutationOptions());

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Shopping Domain Preferences</CardTitle>
        <CardDescription>Choose which regional Google Shopping and Amazon sites your shopping links open.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label="Shopping domain preferences"
          className="flex flex-col gap-5"
          onInvalid={(errors) => {
            // A refusal that no field shows (the country) still gets its word.
            if (!errors.google && !errors.amazon) failedToast();
          }}
          onSubmit={async ({ geolocationEnabled, country, google, amazon }) => {
            try {
              const answer = await save.mutateAsync({ geolocationEnabled, preferredCountry: country, preferredDomains: { google, amazon } });
              setProfile(answer.user);
              // The shopping links follow the new preference now, not when their 30 minutes end.
              void queryClient.invalidateQueries({ queryKey: trpc.shopping.localizedDomains.queryKey() });
              toast({ title: userMessages.preferencesSavedTitle, description: userMessages.preferencesSaved, variant: 'success' });
            } catch {
              failedToast();
            }
          }}
        >
          <FormController
            control={form.control}
            name="geolocationEnabled"
            render={({ field }) => (
              <div className="flex items-center justify-between gap-4 rounded-xl border border-linen bg-sand/50 px-4 py-3">
                <div className="flex flex-col gap-0.5">
                  <Label htmlFor="settings-geolocation">Use my location</Label>
                  <p id="settings-geolocation-hint" className="text-xs text-taupe">
                    Detect your region automatically for shopping links.
                  </p>
                </div>
                <Switch
                  id="settings-geolocation"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby="settings-geolocation-hint"
                />
              </div>
            )}
          />
          <FormField
            control={form.control}
            name="country"
            id="settings-country"
            label="Preferred Country"
            render={({ value, onChange, name, ...trigger }) => (
              <Select value={value} onValueChange={onChange} name={name}>
                <SelectTrigger {...trigger}>
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
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="google"
              id="settings-google-domain"
              label="Google Domain"
              aside="Optional"
              render={(field) => <Input {...field} inputMode="url" autoCapitalize="none" spellCheck={false} placeholder="google.com" />}
            />
            <FormField
              control={form.control}
              name="amazon"
              id="settings-amazon-domain"
              label="Amazon Domain"
              aside="Optional"
              render={(field) => <Input {...field} inputMode="url" autoCapitalize="none" spellCheck={false} placeholder="amazon.com" />}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" pending={form.formState.isSubmitting} pendingLabel="Saving..." className="w-full sm:w-auto">
              Save Preferences
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

import { errorMessage, isNetworkError } from '@drape/client';
import { GENDER_NAMES, GENDERS, type Gender } from '@drape/contracts';
import { generationMessages } from '@drape/contracts/generation';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormMessage, Tabs, TabsContent, TabsList, TabsTrigger, cn,
} from '@drape/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarHeart, Palette, Sparkles } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { storeLastOutfit } from '../../lib/last-outfit';
import { HydratedFieldset } from '../../components/hydrated-fieldset';
import { ChoiceSkeleton, OccasionGrid, PaletteGrid, TrendGrid, type StyleChoice } from './style-choices';
import { OwnedPiecesChoice, useOwnedPieceChoice } from './owned-pieces-choice';

type TabValue = 'trends' | 'colors' | 'occasions';

const TABS: { value: TabValue; label: string; Icon: typeof Sparkles }[] = [
  { value: 'trends', label: 'Trending Styles', Icon: Sparkles },
  { value: 'colors', label: 'Trending Colors', Icon: Palette },
  { value: 'occasions', label: 'Occasions', Icon: CalendarHeart },
];

const KIND_LABELS: Record<StyleChoice['kind'], string> = { trend: 'Trend', colorPalette: 'Color palette', occasion: 'Occasion' };

/** user-area §8: no answer, the server's own message (the daily limit names the tier's limit), or the fallback. */
function generationError(err: unknown): string {
  if (isNetworkError(err)) return generationMessages.noConnection;
  return errorMessage(err, generationMessages.failed);
}

/** Profile genders that are also look genders pre-select the Gender choice. */
function profileLookGender(profileGender: string | null): Gender | '' {
  return profileGender === 'female' || profileGender === 'male' ? profileGender : '';
}

/**
 * Get My Look (user-area §2 Dashboard, §4 Generation, §5): one trend, palette or occasion from
 * three tabs, a gender, then the generation; the result is stored and shown on /outfit-result.
 * It is drawn before the profile is known (the dashboard's prerendered frame): the profile's
 * gender pre-selects the choice when it arrives, unless the user has picked one already.
 */
export function GenerateLookCard({ profileGender }: { profileGender: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [openTab, setOpenTab] = useState<TabValue | ''>('');
  const [choice, setChoice] = useState<StyleChoice | null>(null);
  const [picked, setPicked] = useState<Gender | ''>('');
  const gender = picked || profileLookGender(profileGender);
  const [error, setError] = useState<string | null>(null);
  const generate = useMutation(trpc.generate.outfit.mutationOptions());
  const loading = generate.isPending;
  const owned = useOwnedPieceChoice();

  /** Clicking (or Enter / Space on) the open tab closes it; Radix would keep it open. */
  function closeIfOpen(value: TabValue, event: MouseEvent | KeyboardEvent) {
    if (openTab !== value) return;
    if ('key' in event && event.key !== 'Enter' && event.key !== ' ') return;
    if ('button' in event && event.button !== 0) return;
    event.preventDefault();
    setOpenTab('');
  }

  function choose(next: StyleChoice) {
    setChoice(next);
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!gender) return setError(generationMessages.genderRequired);
    if (!choice) return setError(generationMessages.selectionRequired);
    setError(null);
    try {
      const outfit = await generate.mutateAsync({
        gender,
        // Catalog ids: the server takes them as they are (display names are for REST clients).
        trend: choice.kind === 'trend' ? choice.id : undefined,
        colorPalette: choice.kind === 'colorPalette' ? choice.id : undefined,
        occasion: choice.kind === 'occasion' ? choice.id : undefined,
        ownedPieceIds: owned.pieces.length > 0 ? owned.pieces.map((p) => p.id) : undefined,
      });
      void queryClient.invalidateQueries({ queryKey: trpc.user.profile.queryKey() });
      storeLastOutfit(outfit);
      void navigate('/outfit-result');
    } catch (err) {
      setError(generationError(err));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create your look</CardTitle>
        <CardDescription>Pick one style idea, choose Female or Male, and Drape dresses you in a complete outfit.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Get my look">
          {/* The prerendered frame's controls wait for the app. */}
          <HydratedFieldset className="flex min-w-0 flex-col gap-7">
            <OwnedPiecesChoice choice={owned} disabled={loading} />
            <section aria-labelledby="style-idea-heading" className="flex flex-col gap-3">
              <h3 id="style-idea-heading" className="text-sm font-medium text-umber">
                Style idea
              </h3>
              <Tabs
                value={openTab}
                onValueChange={(v) => setOpenTab(v as TabValue)}
                activationMode="manual"
                className="flex flex-col gap-4"
              >
                <TabsList aria-label="Style ideas">
                  {TABS.map(({ value, label, Icon }) => (
                    <TabsTrigger
                      key={value}
                      value={value}
                      onMouseDown={(e) => closeIfOpen(value, e)}
                      onKeyDown={(e) => closeIfOpen(value, e)}
                      className="relative flex h-auto min-h-11 items-center justify-center gap-1.5 whitespace-normal rounded-xl ps-2 pe-2 py-2 text-center leading-tight sm:px-4"
                    >
                      <Icon aria-hidden="true" className="hidden h-4 w-4 shrink-0 sm:block" />
                      {label}
                      {choice && tabOf(choice) === value ? <span aria-hidden="true" className="absolute right-2 top-1.5 h-1.5 w-1.5 rounded-full bg-gold sm:right-3 sm:top-2" /> : null}
                    </TabsTrigger>
                  ))}
                </TabsList>
                <TabsContent value="trends">
                  <CatalogPanel kind="trends" selected={choice} disabled={loading} onSelect={choose} />
                </TabsContent>
                <TabsContent value="colors">
                  <CatalogPanel kind="colors" selected={choice} disabled={loading} onSelect={choose} />
                </TabsContent>
                <TabsContent value="occasions">
                  <CatalogPanel kind="occasions" selected={choice} disabled={loading} onSelect={choose} />
                </TabsContent>
              </Tabs>
              <p className="text-sm text-taupe">
                {choice ? (
                  <>
                    Selected {KIND_LABELS[choice.kind].toLowerCase()}: <span className="font-medium text-ink">{choice.name}</span>
                  </>
                ) : (
                  'Open a tab and pick one trend, color palette or occasion.'
                )}
              </p>
            </section>

            <fieldset className="min-w-0" disabled={loading}>
              <legend className="mb-3 text-sm font-medium text-umber">Gender</legend>
              <div className="grid grid-cols-2 gap-2 sm:max-w-xs">
                {GENDERS.map((g) => (
                  <label
                    key={g}
                    className={cn(
                      'flex h-11 cursor-pointer items-center justify-center gap-2.5 rounded-full border border-stone bg-paper px-4 text-sm font-medium text-ink transition-colors',
                      'hover:border-taupe has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-ivory',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink',
                    )}
                  >
                    <input
                      type="radio"
                      name="gender"
                      value={g}
                      checked={gender === g}
                      onChange={() => {
                        setPicked(g);
                        setError(null);
                      }}
                      className="h-4 w-4 cursor-pointer appearance-none rounded-full border border-stone bg-paper transition-all checked:border-[5px] checked:border-gold focus:outline-none"
                    />
                    {GENDER_NAMES[g]}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="flex flex-col gap-4">
              <FormMessage>{error}</FormMessage>
              <Button type="submit" size="lg" pending={loading} pendingLabel="Creating your look..." className="w-full sm:w-auto sm:self-start">
                <Sparkles aria-hidden="true" className="h-4 w-4" /> Get My Look
              </Button>
            </div>
          </HydratedFieldset>
        </form>
      </CardContent>
    </Card>
  );
}

function tabOf(choice: StyleChoice): TabValue {
  return choice.kind === 'trend' ? 'trends' : choice.kind === 'colorPalette' ? 'colors' : 'occasions';
}

interface PanelProps {
  kind: TabValue;
  selected: StyleChoice | null;
  disabled: boolean;
  onSelect: (choice: StyleChoice) => void;
}

/** One tab's choices, fetched from the catalog when the tab first opens. */
function CatalogPanel({ kind, ...grid }: PanelProps) {
  const trpc = useTRPC();
  const trends = useQuery({ ...trpc.catalog.monthlyTrends.queryOptions(), enabled: kind === 'trends' });
  const seasons = useQuery({ ...trpc.catalog.seasons.queryOptions(), enabled: kind === 'colors' });
  const occasions = useQuery({ ...trpc.catalog.occasions.queryOptions(), enabled: kind === 'occasions' });
  const query = kind === 'trends' ? trends : kind === 'colors' ? seasons : occasions;

  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-linen bg-sand/50 p-4">
        <p className="text-sm text-umber">Unable to load these style ideas. Please try again.</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (kind === 'trends') {
    if (!trends.data) return <PanelLoading count={6} label="Loading trending styles" />;
    return <TrendGrid options={trends.data.flatMap((month) => month.trends)} {...grid} />;
  }
  if (kind === 'colors') {
    if (!seasons.data) return <PanelLoading count={4} label="Loading trending colors" className="grid-cols-1 sm:grid-cols-2" />;
    return (
      <div className="flex flex-col gap-4">
        {seasons.data.map((season) => (
          <PanelGroup key={season.id} title={`${season.name} Popular Colors`}>
            <PaletteGrid options={season.colorPalettes} {...grid} />
          </PanelGroup>
        ))}
      </div>
    );
  }
  if (!occasions.data) return <PanelLoading count={6} label="Loading occasions" />;
  return <OccasionGrid options={occasions.data.filter((o) => o.isActive)} {...grid} />;
}

function PanelGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="eyebrow">{title}</p>
      {children}
    </div>
  );
}

function PanelLoading({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <div role="status" aria-label={label}>
      <ChoiceSkeleton count={count} className={className} />
    </div>
  );
}

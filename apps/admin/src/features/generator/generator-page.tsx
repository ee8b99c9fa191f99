import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WandSparkles } from 'lucide-react';
import { appErrorCode, errorMessage, httpStatus } from '@drape/client';
import { generatorMessages, type AdminGenerateAnswer, type GeneratorOptions, type GeneratorSelectionType } from '@drape/contracts/admin';
import { Alert, Button, Form, FormController, Spinner, useZodForm, type ToastInput } from '@drape/ui';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../lib/page-header';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { ChoiceChip } from './choice-chip';
import { GENDERS, generatorForm, NO_CHOICES, type Gender } from './generator-form';
import { GeneratorResult } from './generator-result';

function Group({ title, hint, role, children }: { title: string; hint?: string; role?: 'radiogroup' | 'group'; children: ReactNode }) {
  const id = `gen-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div role={role ?? 'group'} aria-labelledby={id} className="flex flex-col gap-2">
      <div className="flex items-baseline gap-2">
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {hint && <span className="text-xs text-slate-500">{hint}</span>}
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** Seconds since `running` became true, for the progress line of a render. */
function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/** The toast of a refused render; a refused input is the form's message instead (none here). */
function generateFailure(error: unknown): ToastInput | null {
  const code = appErrorCode(error);
  if (code === 'daily_limit_exceeded') return { title: generatorMessages.dailyLimitTitle, description: errorMessage(error, generatorMessages.dailyLimit), variant: 'destructive' };
  if (code === 'content_safety') return { title: generatorMessages.contentSafetyTitle, description: generatorMessages.contentSafety, variant: 'destructive' };
  if (code === 'invalid_input') return null;
  return { title: generatorMessages.failedTitle, description: generatorMessages.failed, variant: 'destructive' };
}

/** {base}/single-generator: one look rendered now (settings-and-admin §2.2 Single generator, §8 Admin generation). */
export function GeneratorPage() {
  const trpc = useTRPC();
  const options = useQuery(trpc.admin.generator.options.queryOptions(undefined, { staleTime: Infinity }));
  const [result, setResult] = useState<{ answer: AdminGenerateAnswer; gender: Gender } | null>(null);

  return (
    <section aria-labelledby="generator-heading" className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader
        id="generator-heading"
        title="Single Generator"
        description="Render one look now through the image pipeline. It joins the inventory like any other look."
      />

      {options.isPending ? (
        <div role="status" className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
          <Spinner className="h-5 w-5" /> Loading the generator options…
        </div>
      ) : options.isError ? (
        appErrorCode(options.error) === 'admin_unauthorized' ? null : (
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <LoadError message={generatorMessages.optionsFailed(httpStatus(options.error) ?? 'network error')} onRetry={() => void options.refetch()} />
          </div>
        )
      ) : (
        <GeneratorForm options={options.data} onResult={setResult} />
      )}

      {result && <GeneratorResult result={result.answer} gender={result.gender} />}
    </section>
  );
}

function GeneratorForm({ options, onResult }: { options: GeneratorOptions; onResult: (r: { answer: AdminGenerateAnswer; gender: Gender }) => void }) {
  const trpc = useTRPC();
  const form = useZodForm(generatorForm, { defaultValues: NO_CHOICES });
  const generate = useAdminMutation({
    ...trpc.admin.generator.generate.mutationOptions(),
    onSuccess: (answer, input) => onResult({ answer, gender: input.gender as Gender }),
    onError: (error) => {
      if (appErrorCode(error) === 'invalid_input') form.setError('root', { message: errorMessage(error, generatorMessages.selectionRequired) });
    },
    toasts: {
      success: (answer) => (answer.imageUrl ? null : { title: generatorMessages.noImageTitle, description: generatorMessages.noImage, variant: 'default' }),
      failure: generateFailure,
    },
  });
  const elapsed = useElapsed(generate.isPending);
  const busy = generate.isPending;
  const { control } = form;

  return (
    <Form
      form={form}
      aria-label="Single generator"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={(input) => !busy && generate.mutate(input)}
    >
      <FormController control={control} name="gender" render={({ field }) => (
        <Group title="Gender" hint="required">
          {GENDERS.map((g) => (
            <ChoiceChip key={g} selected={field.value === g} disabled={busy} onToggle={() => field.onChange(field.value === g ? null : g)}>
              {g}
            </ChoiceChip>
          ))}
        </Group>
      )} />
      <p className="-mb-3 text-xs text-slate-500">Choose one trend, color palette or occasion.</p>
      <FormController control={control} name="selection" render={({ field }) => {
        const chip = (type: GeneratorSelectionType, id: string, label: ReactNode) => {
          const selected = field.value?.type === type && field.value.id === id;
          return (
            <ChoiceChip key={id} selected={selected} disabled={busy} onToggle={() => field.onChange(selected ? null : { type, id })}>
              {label}
            </ChoiceChip>
          );
        };
        return (
          <>
            <Group title="Trends">{options.monthlyTrends.map((t) => chip('trend', t.id, t.name))}</Group>
            <Group title="Color palettes">
              {options.seasons.map((p) => chip('color', p.id, (
                <>
                  <span aria-hidden="true" className="flex -space-x-1">
                    {p.colors.slice(0, 4).map((c) => (
                      <span key={c.name} className="size-3 rounded-full border border-white" style={{ backgroundColor: c.hex }} />
                    ))}
                  </span>
                  {p.name}
                </>
              )))}
            </Group>
            <Group title="Occasions">{options.occasions.map((o) => chip('occasion', o.id, o.name))}</Group>
          </>
        );
      }} />
      <div className="grid gap-5 border-t border-slate-100 pt-5 md:grid-cols-3">
        {([['vibe', 'Style vibe', options.styleVibes], ['tone', 'Skin tone', options.skinTones], ['shape', 'Body shape', options.bodyShapes]] as const).map(([name, title, list]) => (
          <FormController key={name} control={control} name={name} render={({ field }) => (
            <Group title={title} hint="optional" role="radiogroup">
              {list.map((v) => (
                <ChoiceChip key={v.id} kind="radio" selected={field.value === v.id} disabled={busy} onToggle={() => field.onChange(field.value === v.id ? null : v.id)}>
                  {v.name}
                </ChoiceChip>
              ))}
            </Group>
          )} />
        ))}
      </div>

      {/* The form-level message: the first missing choice, or the server's refusal of the input. */}
      {form.formState.errors.root?.message && <Alert tone="warning">{form.formState.errors.root.message}</Alert>}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" pending={busy} pendingLabel="Generating…">
          <WandSparkles aria-hidden="true" className="h-4 w-4" />
          Generate
        </Button>
        {busy && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4" />
            Rendering, checking and scoring the look… {new Intl.NumberFormat(undefined, { style: 'unit', unit: 'second' }).format(elapsed)}
          </p>
        )}
      </div>
    </Form>
  );
}

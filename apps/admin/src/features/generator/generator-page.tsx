import { useEffect, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { RefreshCw, WandSparkles } from 'lucide-react';
import { appErrorCode, errorMessage, httpStatus } from '@drape/client';
import { generatorMessages, type AdminGenerateAnswer, type GeneratorSelectionType } from '@drape/contracts';
import { Alert, Button, Spinner, toast } from '@drape/ui';
import { useTRPC } from '../../lib/trpc';
import { ChoiceChip } from './choice-chip';
import { GeneratorResult } from './generator-result';

const GENDERS = ['Female', 'Male'] as const;
type Gender = (typeof GENDERS)[number];

interface Selection {
  type: GeneratorSelectionType;
  id: string;
}

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

/** {base}/single-generator: one look rendered now (settings-and-admin §2.2 Single generator, §8 Admin generation). */
export function GeneratorPage() {
  const trpc = useTRPC();
  const options = useQuery(trpc.admin.generator.options.queryOptions(undefined, { staleTime: Infinity }));
  const [gender, setGender] = useState<Gender | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [vibe, setVibe] = useState<string | null>(null);
  const [tone, setTone] = useState<string | null>(null);
  const [shape, setShape] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ answer: AdminGenerateAnswer; gender: Gender } | null>(null);

  const generate = useMutation(
    trpc.admin.generator.generate.mutationOptions({
      onSuccess(answer, input) {
        setResult({ answer, gender: input.gender as Gender });
        if (!answer.imageUrl) toast({ title: generatorMessages.noImageTitle, description: generatorMessages.noImage });
      },
      onError(error) {
        const code = appErrorCode(error);
        if (code === 'admin_unauthorized') return;
        if (code === 'daily_limit_exceeded') toast({ title: generatorMessages.dailyLimitTitle, description: errorMessage(error, generatorMessages.dailyLimit), variant: 'destructive' });
        else if (code === 'content_safety') toast({ title: generatorMessages.contentSafetyTitle, description: generatorMessages.contentSafety, variant: 'destructive' });
        else if (code === 'invalid_input') setProblem(errorMessage(error, generatorMessages.selectionRequired));
        else toast({ title: generatorMessages.failedTitle, description: generatorMessages.failed, variant: 'destructive' });
      },
    }),
  );
  const elapsed = useElapsed(generate.isPending);
  const busy = generate.isPending;

  const toggleSelection = (type: GeneratorSelectionType, id: string) => {
    setProblem(null);
    setSelection((cur) => (cur?.type === type && cur.id === id ? null : { type, id }));
  };
  const isSelected = (type: GeneratorSelectionType, id: string) => selection?.type === type && selection.id === id;

  const submit = () => {
    if (busy) return;
    if (!selection) return setProblem(generatorMessages.selectionRequired);
    if (!gender) return setProblem(generatorMessages.genderRequired);
    setProblem(null);
    generate.mutate({
      gender,
      selection_type: selection.type,
      selection_id: selection.id,
      ...(vibe ? { style_vibe_id: vibe } : {}),
      ...(tone ? { skin_tone_id: tone } : {}),
      ...(shape ? { body_shape_id: shape } : {}),
    });
  };

  return (
    <section aria-labelledby="generator-heading" className="mx-auto flex max-w-5xl flex-col gap-5">
      <div>
        <h1 id="generator-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Single Generator
        </h1>
        <p className="mt-1 text-sm text-slate-600">Render one look now through the image pipeline. It joins the inventory like any other look.</p>
      </div>

      {options.isPending ? (
        <div role="status" className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
          <Spinner className="h-5 w-5" /> Loading the generator options…
        </div>
      ) : options.isError ? (
        appErrorCode(options.error) === 'admin_unauthorized' ? null : (
          <div className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6">
            <Alert>{generatorMessages.optionsFailed(httpStatus(options.error) ?? 'network error')}</Alert>
            <Button variant="outline" onClick={() => void options.refetch()}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" /> Try again
            </Button>
          </div>
        )
      ) : (
        <form
          aria-label="Single generator"
          className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group title="Gender" hint="required">
            {GENDERS.map((g) => (
              <ChoiceChip
                key={g}
                selected={gender === g}
                disabled={busy}
                onToggle={() => {
                  setProblem(null);
                  setGender((cur) => (cur === g ? null : g));
                }}
              >
                {g}
              </ChoiceChip>
            ))}
          </Group>
          <p className="-mb-3 text-xs text-slate-500">Choose one trend, color palette or occasion.</p>
          <Group title="Trends">
            {options.data.monthlyTrends.map((t) => (
              <ChoiceChip key={t.id} selected={isSelected('trend', t.id)} disabled={busy} onToggle={() => toggleSelection('trend', t.id)}>
                {t.name}
              </ChoiceChip>
            ))}
          </Group>
          <Group title="Color palettes">
            {options.data.seasons.map((p) => (
              <ChoiceChip key={p.id} selected={isSelected('color', p.id)} disabled={busy} onToggle={() => toggleSelection('color', p.id)}>
                <span aria-hidden="true" className="flex -space-x-1">
                  {p.colors.slice(0, 4).map((c) => (
                    <span key={c.name} className="size-3 rounded-full border border-white" style={{ backgroundColor: c.hex }} />
                  ))}
                </span>
                {p.name}
              </ChoiceChip>
            ))}
          </Group>
          <Group title="Occasions">
            {options.data.occasions.map((o) => (
              <ChoiceChip key={o.id} selected={isSelected('occasion', o.id)} disabled={busy} onToggle={() => toggleSelection('occasion', o.id)}>
                {o.name}
              </ChoiceChip>
            ))}
          </Group>
          <div className="grid gap-5 border-t border-slate-100 pt-5 md:grid-cols-3">
            <Group title="Style vibe" hint="optional" role="radiogroup">
              {options.data.styleVibes.map((v) => (
                <ChoiceChip key={v.id} kind="radio" selected={vibe === v.id} disabled={busy} onToggle={() => setVibe((cur) => (cur === v.id ? null : v.id))}>
                  {v.name}
                </ChoiceChip>
              ))}
            </Group>
            <Group title="Skin tone" hint="optional" role="radiogroup">
              {options.data.skinTones.map((v) => (
                <ChoiceChip key={v.id} kind="radio" selected={tone === v.id} disabled={busy} onToggle={() => setTone((cur) => (cur === v.id ? null : v.id))}>
                  {v.name}
                </ChoiceChip>
              ))}
            </Group>
            <Group title="Body shape" hint="optional" role="radiogroup">
              {options.data.bodyShapes.map((v) => (
                <ChoiceChip key={v.id} kind="radio" selected={shape === v.id} disabled={busy} onToggle={() => setShape((cur) => (cur === v.id ? null : v.id))}>
                  {v.name}
                </ChoiceChip>
              ))}
            </Group>
          </div>

          {problem && <Alert tone="warning">{problem}</Alert>}

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
        </form>
      )}

      {result && <GeneratorResult result={result.answer} gender={result.gender} />}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Play, Rocket } from 'lucide-react';
import { z } from 'zod';
import { BATCH_MAX_CYCLES, BATCH_MAX_LIMIT, BATCH_PRIORITY_FILTERS, batchGenerateInput, startSequentialBatchInput, type BatchPriorityFilter } from '@drape/contracts/admin';
import { Button, Form, FormField, Input, useZodForm } from '@drape/ui';
import { blankAsUnset, checkedBy } from '../../lib/form-values';

/** The start mutation of a form (useAdminMutation's answer). */
interface Start<Input> {
  mutate: (input: Input) => void;
  isPending: boolean;
}

/** The text boxes, piped into the requests' own schemas: the browser checks what the server will. */
const sequentialForm = checkedBy({ cycles: blankAsUnset, limit: blankAsUnset }, startSequentialBatchInput);
const levelForm = checkedBy({ priorityFilter: z.enum(BATCH_PRIORITY_FILTERS), limit: blankAsUnset }, batchGenerateInput);

function FormCard({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 id={id} className="font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </div>
  );
}

const formClass = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

/** A sequential batch: optional cycles and limit per cycle. */
export function SequentialBatchForm({ start, disabled }: { start: Start<z.output<typeof sequentialForm>>; disabled: boolean }) {
  const form = useZodForm(sequentialForm, { defaultValues: { cycles: '', limit: '' } });
  return (
    <Form form={form} onSubmit={(input) => start.mutate(input)} aria-labelledby="sequential-heading" className={formClass}>
      <FormCard id="sequential-heading" title="Sequential batch" description="Rebuilds the SEV queue and generates for every combination below SEV-5, most severe first.">
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={form.control} name="cycles" id="batch-cycles" label="Cycles (optional)"
            render={(field) => <Input {...field} type="number" inputMode="numeric" min={1} max={BATCH_MAX_CYCLES} placeholder="1" />}
          />
          <FormField
            control={form.control} name="limit" id="batch-limit" label="Limit per cycle (optional)"
            render={(field) => <Input {...field} type="number" inputMode="numeric" min={1} max={BATCH_MAX_LIMIT} placeholder="All" />}
          />
        </div>
        <Button type="submit" className="self-start" pending={start.isPending} pendingLabel="Starting…" disabled={disabled}>
          <Play aria-hidden="true" className="h-4 w-4" />
          Start Sequential Batch
        </Button>
      </FormCard>
    </Form>
  );
}

/** A batch for one SEV level (or all below SEV-5), with an optional limit. */
export function LevelBatchForm({ start, disabled }: { start: Start<z.output<typeof levelForm>>; disabled: boolean }) {
  const form = useZodForm(levelForm, { defaultValues: { priorityFilter: 'SEV-1' as BatchPriorityFilter, limit: '' } });
  return (
    <Form form={form} onSubmit={(input) => start.mutate(input)} aria-labelledby="level-heading" className={formClass}>
      <FormCard id="level-heading" title="Batch for a SEV level" description="Generates once for the combinations of one severity level, fewest images first.">
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={form.control} name="priorityFilter" id="batch-level" label="Priority filter"
            render={(field) => (
              <select {...field} className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900">
                {BATCH_PRIORITY_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {f === 'all' ? 'All levels below SEV-5' : f}
                  </option>
                ))}
              </select>
            )}
          />
          <FormField
            control={form.control} name="limit" id="batch-level-limit" label="Limit (optional)"
            render={(field) => <Input {...field} type="number" inputMode="numeric" min={1} max={BATCH_MAX_LIMIT} placeholder="All" />}
          />
        </div>
        <Button type="submit" variant="secondary" className="self-start" pending={start.isPending} pendingLabel="Starting…" disabled={disabled}>
          <Rocket aria-hidden="true" className="h-4 w-4" />
          Start Level Batch
        </Button>
      </FormCard>
    </Form>
  );
}

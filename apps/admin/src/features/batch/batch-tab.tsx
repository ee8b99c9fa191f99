import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Eraser, ListRestart, Play, RefreshCw, Rocket } from 'lucide-react';
import { appErrorCode, errorMessage } from '@drape/client';
import {
  BATCH_MAX_CYCLES, BATCH_MAX_LIMIT, BATCH_PRIORITY_FILTERS, batchGenerateInput, batchMessages, startSequentialBatchInput,
  type BatchPriorityFilter,
} from '@drape/contracts';
import {
  Alert, Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Input, Label, Spinner, toast,
} from '@drape/ui';
import { useTRPC } from '../../lib/trpc';
import { BatchJobCard } from './batch-job-card';
import { BATCH_JOBS_POLL_MS } from '../../lib/timing';

/** A failed action's toast; an ended session is the login page's to say. */
function failureToast(title: string, error: unknown) {
  if (appErrorCode(error) === 'admin_unauthorized') return;
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
}

/** An optional whole-number field: empty is "not given". */
const optionalNumber = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The dashboard's Batch Generation tab (settings-and-admin §2.2): the newest batch, polled every 2 s, and the batch controls. */
export function BatchTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const jobs = useQuery(trpc.admin.batch.list.queryOptions(undefined, { refetchInterval: BATCH_JOBS_POLL_MS, staleTime: 0 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.batch.list.queryKey() });

  const [cycles, setCycles] = useState('');
  const [limit, setLimit] = useState('');
  const [sequentialError, setSequentialError] = useState<string | null>(null);
  const [level, setLevel] = useState<BatchPriorityFilter>('SEV-1');
  const [levelLimit, setLevelLimit] = useState('');
  const [levelError, setLevelError] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const started = (kind: string) => ({ jobId }: { jobId: string }) => {
    toast({ title: `${kind} started`, description: `Batch ${jobId.slice(0, 8)} is running.`, variant: 'success' });
    void refresh();
  };
  const startSequential = useMutation(trpc.admin.batch.startSequential.mutationOptions({
    onSuccess: started('Sequential batch'),
    onError: (e) => failureToast(batchMessages.startFailed, e),
  }));
  const generate = useMutation(trpc.admin.batch.generate.mutationOptions({
    onSuccess: started('Level batch'),
    onError: (e) => failureToast(batchMessages.startFailed, e),
  }));
  const cancel = useMutation(trpc.admin.batch.cancel.mutationOptions({
    onSuccess: () => {
      toast({ title: 'Batch job cancelled', description: 'Jobs already sent finish; no new ones are sent.', variant: 'success' });
      void refresh();
    },
    onError: (e) => {
      failureToast(batchMessages.cancelFailed, e);
      void refresh();
    },
  }));
  const clear = useMutation(trpc.admin.batch.clearPipeline.mutationOptions({
    onSuccess: ({ message }) => {
      setConfirmClear(false);
      toast({ title: 'Pipeline cleared', description: message, variant: 'success' });
      void refresh();
    },
    onError: (e) => failureToast(batchMessages.clearFailed, e),
  }));
  const initQueue = useMutation(trpc.admin.batch.initQueue.mutationOptions({
    onSuccess: ({ message }) => toast({ title: 'Queue initialised', description: message, variant: 'success' }),
    onError: (e) => failureToast(batchMessages.initFailed, e),
  }));

  const newest = jobs.data?.jobs[0];
  const running = newest?.status === 'running';
  const starting = startSequential.isPending || generate.isPending;

  const onStartSequential = (e: FormEvent) => {
    e.preventDefault();
    const parsed = startSequentialBatchInput.safeParse({ cycles: optionalNumber(cycles), limit: optionalNumber(limit) });
    if (!parsed.success) {
      setSequentialError(parsed.error.issues[0]?.message ?? 'Check the cycles and limit.');
      return;
    }
    setSequentialError(null);
    startSequential.mutate(parsed.data);
  };
  const onStartLevel = (e: FormEvent) => {
    e.preventDefault();
    const parsed = batchGenerateInput.safeParse({ priorityFilter: level, limit: optionalNumber(levelLimit) });
    if (!parsed.success) {
      setLevelError(parsed.error.issues[0]?.message ?? 'Check the level and limit.');
      return;
    }
    setLevelError(null);
    generate.mutate(parsed.data);
  };

  return (
    <section aria-labelledby="batch-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="batch-heading" className="text-xl font-semibold tracking-tight text-slate-900">
            Batch Generation
          </h2>
          <p className="mt-1 text-sm text-slate-600">The newest batch job, refreshed every 2 seconds, and the pipeline controls.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" pending={initQueue.isPending} pendingLabel="Initialising…" disabled={running} onClick={() => initQueue.mutate()}>
            <ListRestart aria-hidden="true" className="h-4 w-4" />
            Initialise Queue
          </Button>
          <Dialog open={confirmClear} onOpenChange={(open) => !clear.isPending && setConfirmClear(open)}>
            <Button variant="outline" size="sm" onClick={() => setConfirmClear(true)}>
              <Eraser aria-hidden="true" className="h-4 w-4" />
              Clear Pipeline
            </Button>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Clear the pipeline?</DialogTitle>
                <DialogDescription>
                  This cancels the running batch, drops every generation job still waiting in the queue and empties the SEV queue.
                  Images already made stay.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline" disabled={clear.isPending}>
                    Keep it
                  </Button>
                </DialogClose>
                <Button variant="destructive" pending={clear.isPending} pendingLabel="Clearing…" onClick={() => clear.mutate()}>
                  Clear Pipeline
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
      </div>

      {jobs.isPending ? (
        <div role="status" className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-sm">
          <Spinner className="h-5 w-5" />
          Loading batch jobs…
        </div>
      ) : jobs.isError ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Alert>{errorMessage(jobs.error, batchMessages.loadFailed)}</Alert>
          <Button variant="outline" size="sm" onClick={() => void jobs.refetch()}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Try again
          </Button>
        </div>
      ) : newest ? (
        <BatchJobCard job={newest} cancelling={cancel.isPending} onCancel={() => cancel.mutate({ id: newest.id })} />
      ) : (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center shadow-sm">
          <p className="font-medium text-slate-900">{batchMessages.empty}</p>
          <p className="mt-1 text-sm text-slate-600">Start a sequential batch below: it works the most severe combinations first.</p>
        </div>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <form onSubmit={onStartSequential} aria-labelledby="sequential-heading" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" noValidate>
          <div>
            <h3 id="sequential-heading" className="font-semibold text-slate-900">
              Sequential batch
            </h3>
            <p className="mt-1 text-sm text-slate-600">Rebuilds the SEV queue and generates for every combination below SEV-5, most severe first.</p>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="batch-cycles">Cycles (optional)</Label>
              <Input id="batch-cycles" type="number" inputMode="numeric" min={1} max={BATCH_MAX_CYCLES} placeholder="1" value={cycles} onChange={(e) => setCycles(e.target.value)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="batch-limit">Limit per cycle (optional)</Label>
              <Input id="batch-limit" type="number" inputMode="numeric" min={1} max={BATCH_MAX_LIMIT} placeholder="All" value={limit} onChange={(e) => setLimit(e.target.value)} />
            </div>
          </div>
          {sequentialError && <Alert>{sequentialError}</Alert>}
          <Button type="submit" className="self-start" pending={startSequential.isPending} pendingLabel="Starting…" disabled={running || starting}>
            <Play aria-hidden="true" className="h-4 w-4" />
            Start Sequential Batch
          </Button>
        </form>

        <form onSubmit={onStartLevel} aria-labelledby="level-heading" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" noValidate>
          <div>
            <h3 id="level-heading" className="font-semibold text-slate-900">
              Batch for a SEV level
            </h3>
            <p className="mt-1 text-sm text-slate-600">Generates once for the combinations of one severity level, fewest images first.</p>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="batch-level">Priority filter</Label>
              <select
                id="batch-level"
                value={level}
                onChange={(e) => setLevel(e.target.value as BatchPriorityFilter)}
                className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900"
              >
                {BATCH_PRIORITY_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {f === 'all' ? 'All levels below SEV-5' : f}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="batch-level-limit">Limit (optional)</Label>
              <Input id="batch-level-limit" type="number" inputMode="numeric" min={1} max={BATCH_MAX_LIMIT} placeholder="All" value={levelLimit} onChange={(e) => setLevelLimit(e.target.value)} />
            </div>
          </div>
          {levelError && <Alert>{levelError}</Alert>}
          <Button type="submit" variant="secondary" className="self-start" pending={generate.isPending} pendingLabel="Starting…" disabled={running || starting}>
            <Rocket aria-hidden="true" className="h-4 w-4" />
            Start Level Batch
          </Button>
        </form>
      </div>
      {running && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Ban aria-hidden="true" className="h-4 w-4" />
          A batch is running: new batches and a queue rebuild wait until it ends or is cancelled.
        </p>
      )}
    </section>
  );
}

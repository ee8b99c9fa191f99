import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Eraser, ListRestart } from 'lucide-react';
import { batchMessages } from '@drape/contracts/admin';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner } from '@drape/ui';
import { PageHeader } from '../../lib/page-header';
import { QueryError } from '../../lib/query-error';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { BatchJobCard } from './batch-job-card';
import { LevelBatchForm, SequentialBatchForm } from './batch-start-forms';
import { BATCH_JOBS_POLL_MS } from '../../lib/timing';

/** The dashboard's Batch Generation tab (settings-and-admin §2.2): the newest batch, polled every 2 s, and the batch controls. */
export function BatchTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const jobs = useQuery(trpc.admin.batch.list.queryOptions(undefined, { refetchInterval: BATCH_JOBS_POLL_MS, staleTime: 0 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.batch.list.queryKey() });

  const [confirmClear, setConfirmClear] = useState(false);

  const started = (kind: string) => ({
    onSuccess: () => void refresh(),
    toasts: {
      success: ({ jobId }: { jobId: string }) => ({ title: `${kind} started`, description: `Batch ${jobId.slice(0, 8)} is running.` }),
      failure: batchMessages.startFailed,
    },
  });
  const startSequential = useAdminMutation({ ...trpc.admin.batch.startSequential.mutationOptions(), ...started('Sequential batch') });
  const generate = useAdminMutation({ ...trpc.admin.batch.generate.mutationOptions(), ...started('Level batch') });
  const cancel = useAdminMutation({
    ...trpc.admin.batch.cancel.mutationOptions(),
    onSettled: () => void refresh(),
    toasts: { success: { title: 'Batch job cancelled', description: 'Jobs already sent finish; no new ones are sent.' }, failure: batchMessages.cancelFailed },
  });
  const clear = useAdminMutation({
    ...trpc.admin.batch.clearPipeline.mutationOptions(),
    onSuccess: () => {
      setConfirmClear(false);
      void refresh();
    },
    toasts: { success: ({ message }) => ({ title: 'Pipeline cleared', description: message }), failure: batchMessages.clearFailed },
  });
  const initQueue = useAdminMutation({
    ...trpc.admin.batch.initQueue.mutationOptions(),
    toasts: { success: ({ message }) => ({ title: 'Queue initialised', description: message }), failure: batchMessages.initFailed },
  });

  const newest = jobs.data?.jobs[0];
  const running = newest?.status === 'running';
  const starting = startSequential.isPending || generate.isPending;

  return (
    <section aria-labelledby="batch-heading" className="flex flex-col gap-5">
      <PageHeader
        id="batch-heading"
        level={2}
        title="Batch Generation"
        description="The newest batch job, refreshed every 2 seconds, and the pipeline controls."
        actions={
          <>
            <Button variant="outline" size="sm" pending={initQueue.isPending} pendingLabel="Initialising…" disabled={running} onClick={() => initQueue.mutate()}>
              <ListRestart aria-hidden="true" className="h-4 w-4" />
              Initialise Queue
            </Button>
            <ClearPipelineButton open={confirmClear} onOpenChange={setConfirmClear} clear={clear} />
          </>
        }
      />

      {jobs.isPending ? (
        <div role="status" className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-sm">
          <Spinner className="h-5 w-5" />
          Loading batch jobs…
        </div>
      ) : jobs.isError ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm empty:hidden">
          <QueryError error={jobs.error} fallback={batchMessages.loadFailed} onRetry={() => void jobs.refetch()} />
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
        <SequentialBatchForm start={startSequential} disabled={running || starting} />
        <LevelBatchForm start={generate} disabled={running || starting} />
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

/** Clear Pipeline, asked first: it cancels the batch and drops every waiting job. */
function ClearPipelineButton({ open, onOpenChange, clear }: { open: boolean; onOpenChange: (open: boolean) => void; clear: { mutate: () => void; isPending: boolean } }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !clear.isPending && onOpenChange(next)}>
      <Button variant="outline" size="sm" onClick={() => onOpenChange(true)}>
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
  );
}

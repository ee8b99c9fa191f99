import { Spinner } from '@drape/ui';

export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-3 text-sm text-taupe" role="status">
      <Spinner className="h-5 w-5" />
      <span>{label}</span>
    </div>
  );
}

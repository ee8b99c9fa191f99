import type { ClosetPiece } from '@drape/contracts/closet';
import { OWNED_PIECES_MAX } from '@drape/contracts/closet';
import { Button } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated';
import { useTRPC } from '../../lib/trpc';

/** The query parameter 'Style this piece' (My Pieces) opens the generator with. */
export const PIECE_PARAM = 'piece';

/**
 * The user's own pieces the next look is built around (issue 19, section 4): chosen in My Pieces
 * ('Style this piece' opens /dashboard?piece=<id>), read from the address after hydration (the
 * prerendered dashboard has none), at most two. Ids not in the user's pieces are dropped.
 */
export function useOwnedPieceChoice(): { pieces: ClosetPiece[]; loading: boolean; missing: boolean; remove: (id: string) => void } {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const ids = hydrated ? [...new Set(params.getAll(PIECE_PARAM))].slice(0, OWNED_PIECES_MAX) : [];
  const list = useQuery({ ...trpc.closet.list.queryOptions(), enabled: ids.length > 0 });
  const pieces = ids.flatMap((id) => list.data?.pieces.filter((p) => p.id === id) ?? []);
  function remove(id: string) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(PIECE_PARAM);
      for (const other of ids) if (other !== id) next.append(PIECE_PARAM, other);
      return next;
    }, { replace: true });
  }
  return { pieces, loading: ids.length > 0 && list.isPending, missing: list.isSuccess && pieces.length < ids.length, remove };
}

export function OwnedPiecesChoice({ choice, disabled }: { choice: ReturnType<typeof useOwnedPieceChoice>; disabled: boolean }) {
  if (!choice.loading && choice.pieces.length === 0 && !choice.missing) return null;
  return (
    <section aria-labelledby="owned-pieces-heading" className="flex flex-col gap-3">
      <h3 id="owned-pieces-heading" className="text-sm font-medium text-umber">
        Built around your pieces
      </h3>
      {choice.loading ? (
        <p role="status" className="text-sm text-taupe">Loading your pieces...</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {choice.pieces.map((p) => (
            <li key={p.id} className="flex items-center gap-2 rounded-full border border-linen bg-ivory py-1 pl-1 pr-2">
              <img src={p.thumbnailUrl} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
              <span className="text-sm font-medium text-ink">{p.name}</span>
              <Button variant="ghost" size="sm" className="h-7 w-7 rounded-full p-0" disabled={disabled} aria-label={`Don't build around ${p.name}`} onClick={() => choice.remove(p.id)}>
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {choice.missing ? <p className="text-sm text-taupe">A piece you chose is no longer in My Pieces.</p> : null}
      <p className="text-sm text-taupe">The look keeps each piece as it is, in its measured colour, and chooses the rest to go with it.</p>
    </section>
  );
}

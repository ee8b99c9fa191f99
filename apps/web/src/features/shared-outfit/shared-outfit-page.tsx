import { appErrorCode, errorMessage } from '@drape/client';
import { shareMessages, shareOutfitInput, sharedOutfitPath } from '@drape/contracts/share';
import { Alert, Button, buttonClasses } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useAuth } from '../../lib/auth-context';
import { storeLastOutfit } from '../../lib/last-outfit';
import { PageMeta } from '../../lib/page-meta';
import { routes } from '../../lib/routes';
import { useTRPC } from '../../lib/trpc';

/**
 * /outfit/{imageId} (user-area §2 Shared outfit link). The link is checked first, signed in or
 * not (the call is public): an invalid or expired link says so at once instead of asking for a
 * sign-in first. A valid one sends a signed-out visitor to sign in and back here; a signed-in
 * visitor has the look stored as the latest outfit and goes to /outfit-result.
 */
export default function SharedOutfitPage() {
  const { imageId = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const wellFormed = shareOutfitInput.safeParse({ imageId }).success;
  // Fresh on every visit: a signed-in visit counts the look as served to the visitor.
  const look = useQuery(trpc.share.outfit.queryOptions({ imageId }, { enabled: wellFormed, staleTime: 0, gcTime: 0 }));
  const outfit = look.data;

  useEffect(() => {
    if (!outfit || !isAuthenticated) return;
    storeLastOutfit(outfit);
    void navigate('/outfit-result', { replace: true });
  }, [outfit, isAuthenticated, navigate]);

  if (!wellFormed || appErrorCode(look.error) === 'not_found') return <OutfitNotFound />;
  if (look.isError) {
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <PageMeta title="Shared Outfit" noindex path={sharedOutfitPath(imageId)} />
        <Alert>{errorMessage(look.error, shareMessages.failed)}</Alert>
        <Button variant="outline" pending={look.isFetching} onClick={() => void look.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // user-area §2: /auth?returnUrl={path}.
  if (outfit && !isAuthenticated) return <Navigate to={routes.auth({ returnUrl: routes.sharedOutfit(imageId) })} replace />;
  return (
    <>
      <PageMeta title="Shared Outfit" noindex path={sharedOutfitPath(imageId)} />
      <PageLoading label="Loading outfit..." />
    </>
  );
}

function OutfitNotFound() {
  return (
    <>
      <PageMeta title={shareMessages.notFoundTitle} noindex />
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <ImageOff aria-hidden="true" className="h-10 w-10 text-stone" />
        <h1 className="font-display text-3xl font-medium tracking-tight text-ink">{shareMessages.notFoundTitle}</h1>
        <p className="text-taupe">{shareMessages.notFound}</p>
        <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
          Go Home
        </Link>
      </div>
    </>
  );
}

import { isReservedUsername, usernameProblem } from '@drape/contracts';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { routes } from '../../lib/routes';
import { useTRPC } from '../../lib/trpc';
import { PageLoading } from '../../components/page-loading';
import NotFoundPage from '../../components/not-found-page';

/**
 * /{username} (user-area §2): reserved words are not found, a malformed name goes to /404, and an
 * existing member's name goes to /auth?ref={username}, which opens the Sign Up tab with that member
 * as the friend who referred (docs/spec-notes.md).
 */
export default function ReferralRoute() {
  const { username = '' } = useParams();
  const trpc = useTRPC();
  const reserved = isReservedUsername(username);
  const wellFormed = !usernameProblem(username) && username.trim() === username;
  const check = useQuery(trpc.auth.checkUsername.queryOptions({ username }, { enabled: wellFormed && !reserved, staleTime: 0 }));

  if (reserved) return <NotFoundPage />;
  if (!wellFormed) return <Navigate to="/404" replace />;
  if (check.isPending) return <PageLoading />;
  // Taken (not available) means a member has it: that member is the referrer.
  if (check.data && !check.data.available) return <Navigate to={routes.auth({ ref: username })} replace />;
  return <Navigate to="/404" replace />;
}

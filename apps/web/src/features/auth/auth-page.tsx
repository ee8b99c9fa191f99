import { Card, CardContent, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger } from '@drape/ui';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '../../lib/page-meta';
import { safeReturnUrl } from '../../lib/return-url';
import { PageLoading } from '../../components/page-loading';
import { useHydrated } from '../../lib/use-hydrated';
import { LoginForm } from './login-form';

// The Sign Up tab's form (the bot check, the legal dialogs, the referrer search) is no part of
// the Sign In tab's first load.
const RegisterForm = lazy(() => import('./register-form').then((m) => ({ default: m.RegisterForm })));

export type AuthTab = 'login' | 'register';

/**
 * /auth, /login and /signup: the Welcome card, its tab following the route (user-area §2). A
 * referral link lands on /auth?ref={username}: an invitation, so /auth with a ref opens Sign Up
 * (docs/spec-notes.md); /login keeps the Sign In tab whatever the query says.
 */
export default function AuthPage({ tab: routeTab }: { tab: AuthTab }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const returnUrl = params.get('returnUrl');
  const ref = params.get('ref')?.trim() || null;
  const tab: AuthTab = ref && pathname === '/auth' ? 'register' : routeTab;
  const query = params.toString();
  const done = () => void navigate(safeReturnUrl(returnUrl), { replace: true });

  return (
    <>
      <PageMeta
        title={tab === 'register' ? 'Sign Up' : 'Sign In'}
        description="Sign in to Drape or create your free account."
        noindex
        path="/auth"
      />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_minmax(0,30rem)] lg:items-start lg:gap-16">
        <aside className="sticky top-28 hidden flex-col gap-6 pt-10 lg:flex">
          <p className="eyebrow">Drape Atelier</p>
          <h2 className="font-display text-5xl font-medium leading-[1.05] tracking-tight text-ink">
            Dressed by intelligence, <em className="text-gold-ink">styled for you.</em>
          </h2>
          <p className="max-w-md text-lg leading-relaxed text-taupe">
            Pick a trend, a palette or an occasion. Drape composes a complete look with every piece itemised and ready to shop.
          </p>
          <ul className="mt-4 flex flex-col gap-3 text-sm text-umber">
            {['Completely free during the beta', 'No payments, no subscriptions', 'Unlock tiers by inviting friends'].map((line) => (
              <li key={line} className="flex items-center gap-3">
                <span aria-hidden="true" className="h-px w-8 bg-gold" />
                {line}
              </li>
            ))}
          </ul>
        </aside>
        <Card className="w-full">
          <CardHeader className="items-center text-center">
            <CardTitle as="h1" className="text-3xl">
              Welcome
            </CardTitle>
            <CardDescription>
              {tab === 'register' ? 'Create your account and meet your AI stylist.' : 'Sign in to continue to your looks.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs
              value={tab}
              onValueChange={(value) => {
                // Sign In from a referral keeps the ref (on /login, where it does not flip the tab back).
                const path = value === 'register' ? '/signup' : ref ? '/login' : '/auth';
                void navigate(query ? `${path}?${query}` : path, { replace: true });
              }}
              className="flex flex-col gap-6"
            >
              <TabsList aria-label="Sign in or sign up">
                {/* /auth arrives prerendered: a tab clicked before the app owns the page would be lost. */}
                <TabsTrigger value="login" disabled={!hydrated}>Sign In</TabsTrigger>
                <TabsTrigger value="register" disabled={!hydrated}>Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm onSignedIn={done} />
              </TabsContent>
              <TabsContent value="register">
                <Suspense fallback={<PageLoading />}>
                  <RegisterForm referralUsername={ref} onRegistered={done} />
                </Suspense>
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

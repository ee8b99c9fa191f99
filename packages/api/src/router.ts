import { adminRouter } from './admin/admin.router';
import { authRouter } from './auth/auth.router';
import { createCallerFactory, router } from './trpc';
import { userRouter } from './user/user.router';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

import { adminRouter } from './admin/admin.router';
import { authRouter } from './auth/auth.router';
import { catalogRouter } from './catalog/catalog.router';
import { closetRouter } from './closet/closet.router';
import { generateRouter } from './generate/generate.router';
import { lookbookRouter } from './lookbook/lookbook.router';
import { metaRouter } from './meta.router';
import { shoppingRouter } from './shopping/shopping.router';
import { shareRouter } from './share/share.router';
import { createCallerFactory, router } from './trpc';
import { userRouter } from './user/user.router';
import { wardrobeRouter } from './wardrobe/wardrobe.router';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  admin: adminRouter,
  catalog: catalogRouter,
  generate: generateRouter,
  shopping: shoppingRouter,
  share: shareRouter,
  wardrobe: wardrobeRouter,
  closet: closetRouter,
  lookbook: lookbookRouter,
  meta: metaRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

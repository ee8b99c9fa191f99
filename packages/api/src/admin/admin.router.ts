import type { TRPCRouterRecord } from '@trpc/server';
import { adminLoginInput } from '@drape/contracts';
import { adminProcedure, publicProcedure } from '../trpc';
import { adminLogin } from './admin-auth.service';

export const adminRouter = {
  login: publicProcedure.input(adminLoginInput).mutation(({ ctx, input }) => adminLogin(ctx.services, ctx.req, input.adminKey, input.password)),
  me: adminProcedure.query(({ ctx }) => ({ adminKey: ctx.admin.adminKey })),
} satisfies TRPCRouterRecord;

import type { TRPCRouterRecord } from '@trpc/server';
import { adminGenerateInput } from '@drape/contracts';
import { adminActionProcedure, adminProcedure } from '../trpc';
import { adminGenerate, generatorOptions } from './generator.service';

export const generatorRouter = {
  options: adminProcedure.query(() => generatorOptions()),
  generate: adminActionProcedure.input(adminGenerateInput).mutation(({ ctx, input }) => adminGenerate(ctx.services, ctx.admin.adminKey, input)),
} satisfies TRPCRouterRecord;

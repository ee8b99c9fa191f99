import type { TRPCRouterRecord } from '@trpc/server';
import { adminGenerateAnswer, adminGenerateInput, generatorOptionsAnswer } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { adminGenerate, generatorOptions } from './generator.service';

export const generatorRouter = {
  options: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/generator/options', summary: 'What the single generator offers' } })
    .output(generatorOptionsAnswer)
    .query(() => generatorOptions()),
  generate: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/generator/generate', summary: 'Render one look now through the pipeline' }, audit: { target: { type: 'image', answer: 'imageId' } } })
    .input(adminGenerateInput)
    .output(adminGenerateAnswer)
    .mutation(({ ctx, input }) => adminGenerate(ctx.services, ctx.admin.adminKey, input)),
} satisfies TRPCRouterRecord;

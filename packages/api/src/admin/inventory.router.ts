import type { TRPCRouterRecord } from '@trpc/server';
import { comboMatrixInput, inventoryCombinationInput } from '@drape/contracts';
import { adminProcedure } from '../trpc';
import { combinationInventory, comboMatrix } from './inventory.service';

export const inventoryRouter = {
  matrix: adminProcedure.input(comboMatrixInput).query(({ ctx, input }) => comboMatrix(ctx.services.db, input)),
  combination: adminProcedure
    .input(inventoryCombinationInput)
    .query(({ ctx, input }) => combinationInventory(ctx.services.db, ctx.services.config, input.combinationCode)),
} satisfies TRPCRouterRecord;

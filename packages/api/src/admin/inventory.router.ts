import type { TRPCRouterRecord } from '@trpc/server';
import { combinationInventoryAnswer, comboMatrixAnswer, comboMatrixInput, inventoryCombinationInput } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { combinationInventory, comboMatrix } from './inventory.service';

export const inventoryRouter = {
  matrix: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/combo-matrix', summary: 'Active combinations with image counts and severity (gender, selectionKind, severity, page, limit)' } })
    .input(comboMatrixInput)
    .output(comboMatrixAnswer)
    .query(({ ctx, input }) => comboMatrix(ctx.services.db, input)),
  combination: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/inventory/:combinationCode', summary: "One combination's prompt, looks per status and newest looks" } })
    .input(inventoryCombinationInput)
    .output(combinationInventoryAnswer)
    .query(({ ctx, input }) => combinationInventory(ctx.services.db, ctx.services.config, input.combinationCode)),
} satisfies TRPCRouterRecord;

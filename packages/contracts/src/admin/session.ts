import { z } from '../zod';
import { AUDIT_OUTCOMES } from './audit';
import { text } from '../domain/text';
import { botCheckTokenSchema } from '../auth';

export const adminLoginInput = z.object({
  adminKey: text().trim().min(1, 'Admin key is required').max(100),
  password: text().min(1, 'Password is required').max(200),
  /** A solved bot check, asked for (`bot_check_required`) after the failed logins that lock a key. */
  turnstileToken: botCheckTokenSchema().optional(),
});

export const adminMessages = {
  keyRequired: 'Admin key is required',
  passwordRequired: 'Password is required',
  sessionExpired: 'Admin session expired. Please log in again.',
  invalidCredentials: 'Invalid admin key or password.',
} as const;

export const ADMIN_TOKEN_STORAGE_KEY = 'admin_token';

/** The audit log's page (the admin area's Audit Log and `GET /api/admin/audit-log`). */
export const AUDIT_PAGE_SIZE = 50;

export const auditLogInput = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  /** The previous page's `nextBefore`. */
  before: z.string().regex(/^\d{1,19}$/, 'before must be an entry id').optional(),
  action: text().max(100).optional(),
  targetId: text().max(100).optional(),
  /** Only changes and audited reads ('ok'), or only refused sign-ins and calls ('refused'). */
  outcome: z.enum(AUDIT_OUTCOMES, 'outcome must be ok or refused').optional(),
});
export type AuditLogInput = z.infer<typeof auditLogInput>;

/**
 * Audit-log actions that the operator CLI performs too: each is the path of the admin procedure
 * doing the same thing, so the log reads alike whichever door a change came through (a test
 * checks that every one names an audited admin procedure). CLI-only changes have their own names.
 */
export const AUDIT_ACTIONS = {
  startSequentialBatch: 'admin.batch.startSequential',
  cancelBatch: 'admin.batch.cancel',
  initSevQueue: 'admin.batch.initQueue',
  clearPipeline: 'admin.batch.clearPipeline',
  batchGenerate: 'admin.batch.generate',
  cleanupLowQuality: 'admin.gallery.cleanupLowQuality',
  cleanupBlocked: 'admin.blocked.cleanup',
  regeneratePrompts: 'admin.prompts.regenerate',
  setPerformanceMode: 'admin.performance.set',
  updatePlatformSettings: 'admin.settings.update',
  curateLookbook: 'cli.lookbook.curate',
  retention: 'cli.retention',
  createAdmin: 'cli.admin.create',
  resetAdminPassword: 'cli.admin.resetPassword',
  removeAdmin: 'cli.admin.remove',
  repairStore: 'cli.store.repair',
  aiMarkLooks: 'cli.looks.aiMark',
  rescoreLooks: 'cli.looks.rescore',
} as const;

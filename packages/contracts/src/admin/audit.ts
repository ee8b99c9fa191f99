/**
 * The audit log's policy (docs/decisions/0013, amended by issue 15): what a row keeps, and how
 * refused admin calls are recorded without letting a flood of them fill the table.
 */

/** 'ok': a change, or an audited read; 'refused': a failed admin sign-in or a refused admin call. */
export const AUDIT_OUTCOMES = ['ok', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Who a row names: an admin, an operator at the CLI, or nobody known (a refusal). */
export type AuditActorKind = 'admin' | 'cli' | 'anonymous';
export const AUDIT_ANONYMOUS_ACTOR = 'anonymous';

/**
 * The action of a refused admin call (its target is the procedure that was asked for). A failed
 * sign-in is `admin.login` with the outcome `refused`.
 */
export const AUDIT_REFUSED_CALL = 'admin.refused';
export const AUDIT_LOGIN = 'admin.login';

/**
 * Why an admin call or sign-in was refused. Calls: no token at all, a user's session instead, a
 * token we did not sign (or malformed), one that expired, one its admin no longer matches (removed,
 * password reset), one logged out. Sign-ins: a wrong key or password, the key locked, the address
 * over its limit, a locked key tried without the bot check.
 */
export const AUDIT_REFUSAL_REASONS = [
  'no_token', 'user_token', 'invalid', 'expired', 'revoked', 'denied',
  'invalid_credentials', 'account_locked', 'rate_limited', 'bot_check_required',
] as const;
export type AuditRefusalReason = (typeof AUDIT_REFUSAL_REASONS)[number];

/**
 * Refusals coalesce: within one window, the refusals of one client address for one reason share a
 * row (its `repeats` counts them), and at most AUDIT_REFUSAL_ROWS_PER_WINDOW rows are started per
 * window; past that, every further refusal of the window counts on one overflow row. A flood
 * therefore writes at most (rows per window + 1) rows per window, whatever its addresses.
 */
export const AUDIT_REFUSAL_WINDOW_MINUTES = 10;
export const AUDIT_REFUSAL_ROWS_PER_WINDOW = 100;
/** Refusal rows are swept after this many days (changes are kept for good). */
export const AUDIT_REFUSAL_RETENTION_DAYS = 90;

/**
 * What a row keeps of each action's input and answer: the fields named here and nothing else, so a
 * field added to an input later stays out of the log until someone decides it belongs there (a
 * password, a token or a user's data never does). `counts` keeps only the length of a list in the
 * answer (`users` -> `usersCount`), never its rows; `lists` keeps a list with only the named fields
 * of each item. An action missing here keeps neither input nor answer; a test fails for any
 * audited procedure or CLI action without an entry.
 */
export interface AuditKeptFields {
  input?: readonly string[];
  result?: readonly string[];
  counts?: readonly string[];
  lists?: Readonly<Record<string, readonly string[]>>;
}

export const AUDIT_KEPT_FIELDS: Readonly<Record<string, AuditKeptFields>> = {
  // Sign-in and sign-out (a refused sign-in keeps the key that was tried, never the password).
  'admin.login': { input: ['adminKey'] },
  'admin.logout': {},
  [AUDIT_REFUSED_CALL]: {},
  // Batch generation
  'admin.batch.startSequential': { input: ['cycles', 'limit'], result: ['jobId'] },
  'admin.batch.generate': { input: ['priorityFilter', 'limit', 'cycles'], result: ['jobId'] },
  'admin.batch.cancel': { input: ['id'], result: ['id', 'status', 'cancelled'] },
  'admin.batch.clearPipeline': { result: ['message', 'cancelledBatches'] },
  'admin.batch.initQueue': { result: ['message', 'queued'] },
  // Blocked images
  'admin.blocked.list': { input: ['page', 'limit', 'reviewStatus', 'rejectionReason', 'gender', 'sortBy'], result: ['hasMore'], counts: ['images'] },
  'admin.blocked.restore': { input: ['id', 'notes'], result: ['id', 'imageId', 'combinationCode'] },
  'admin.blocked.review': { input: ['id', 'status', 'notes'], result: ['id', 'status'] },
  'admin.blocked.cleanup': { result: ['deletedCount'] },
  // Image gallery
  'admin.gallery.makePublic': { input: ['id'], result: ['id', 'status', 'changed'] },
  'admin.gallery.remove': { input: ['id'], result: ['id', 'deleted', 'files'] },
  'admin.gallery.cleanupLowQuality': { result: ['totalDeleted', 'femaleFairDeleted', 'othersDeleted'] },
  // Single generator
  'admin.generator.generate': {
    input: ['gender', 'selection_type', 'selection_id', 'style_vibe_id', 'skin_tone_id', 'body_shape_id'],
    result: ['imageId', 'qualityScore', 'combinationCode'],
  },
  // Settings, prompts, performance
  'admin.settings.update': { input: ['maintenanceMode', 'analyticsTracking', 'pushNotifications'], result: ['maintenanceMode', 'analyticsTracking', 'pushNotifications'] },
  'admin.prompts.regenerate': { result: ['updated', 'errors', 'total', 'duration', 'durationMs', 'samplePromptLength'] },
  'admin.performance.set': { input: ['action', 'mode'], result: ['mode', 'concurrency', 'batchSize', 'delayMs', 'timeoutSeconds', 'targetImagesPerMinute'] },
  // Showcase and LookBook
  'admin.showcase.add': { input: ['imageId', 'combinationCode'], result: ['imageId', 'added', 'total'] },
  'admin.showcase.remove': { input: ['imageId'], result: ['imageId', 'removed'] },
  'admin.showcase.removeFromLookbook': { input: ['imageId'], result: ['imageId', 'status', 'leftShowcase'] },
  // Users (the test users' passwords are answered once and never kept)
  'admin.users.list': { input: ['search', 'tier', 'isTest', 'limit', 'cursor'], counts: ['users'] },
  'admin.users.createTestUsers': { lists: { users: ['username', 'tier'] } },
  'admin.users.endSessions': { input: ['userId'], result: ['ended'] },
  // Held referrals (docs/decisions/0015): the list names friends' networks, so reading it is audited.
  'admin.users.referrals': { input: ['userId'], counts: ['referrals'] },
  'admin.users.releaseReferral': { input: ['userId'], result: ['userId', 'referrerId', 'status', 'referrerTier'] },
  'admin.users.revokeReferral': { input: ['userId'], result: ['userId', 'referrerId', 'status', 'referrerTier'] },
  // The operator CLI's own actions
  'cli.lookbook.curate': { result: ['curated', 'lookbook', 'target'] },
  'cli.retention': { result: ['images', 'files', 'accounts'] },
  'cli.store.repair': { result: ['found', 'repaired'] },
  'cli.looks.aiMark': { result: ['marked', 'missing'] },
  'cli.looks.rescore': { result: ['rescored', 'unmatched', 'underThreshold', 'lookbookUnder70'] },
  'cli.admin.create': {},
  'cli.admin.resetPassword': {},
  'cli.admin.remove': {},
};

/**
 * What an audit row names as its object (`targetType`): a look, a blocked image, a batch job, a
 * user, a combination, an admin (the CLI's admin commands). An admin procedure declares its target
 * in its metadata (`meta.audit.target`, issue 17): never guessed from the names of its input.
 */
export const AUDIT_TARGET_TYPES = ['image', 'blocked', 'batch', 'user', 'combination', 'admin'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

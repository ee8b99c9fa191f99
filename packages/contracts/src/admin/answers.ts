import { z } from '../zod';
import { isoTime, successAnswer } from '../domain/answers';
import { AUDIT_OUTCOMES } from './audit';
import { BATCH_PRIORITY_FILTERS } from './batch';
import { BLOCKED_REVIEW_STATUSES, REJECTION_REASONS } from './blocked';
import { GALLERY_STATUSES } from './gallery';
import { GENDERS, SELECTION_KINDS } from '../domain/catalog';
import { PERFORMANCE_MODES } from '../generation';
import { REFERRAL_HOLD_REASONS, REFERRAL_STATUSES } from '../domain/referral-policy';
import { SEVERITY_LEVELS } from '../domain/severity';
import { TIERS } from '../domain/tier-policy';

/** What the admin area's procedures answer (settings-and-admin §7.2). */

const namedOption = z.object({ id: z.string(), name: z.string() });
const selectionRef = z.object({ kind: z.enum(SELECTION_KINDS), id: z.string(), name: z.string() });
const performanceModeName = z.enum(Object.keys(PERFORMANCE_MODES) as [keyof typeof PERFORMANCE_MODES, ...(keyof typeof PERFORMANCE_MODES)[]]);

export const adminTokenAnswer = z.object({ token: z.string(), expiresAt: isoTime });
export const adminMeAnswer = z.object({ adminKey: z.string() });

export const auditLogAnswer = z.object({
  entries: z.array(z.object({
    id: z.string(),
    at: isoTime,
    actor: z.string(),
    actorKind: z.enum(['admin', 'cli', 'anonymous']),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    outcome: z.enum(AUDIT_OUTCOMES),
    details: z.record(z.string(), z.unknown()),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    repeats: z.number(),
    lastAt: isoTime.nullable(),
  })),
  nextBefore: z.string().nullable(),
});

// Analytics, severity, pods, inventory
export const adminStatsAnswer = z.object({ totalUsers: z.number(), dau: z.number(), mau: z.number(), signups: z.number(), computedAt: isoTime });
export const inventoryStatsAnswer = z.object({
  total: z.number(), viewable: z.number(), lookbook: z.number(), archived: z.number(), totalViewed: z.number(), dailyCreated: z.number(),
});
export const inventorySeverityAnswer = z.array(z.object({
  severity_level: z.enum(SEVERITY_LEVELS), description: z.string(), combo_count: z.number(), percentage: z.number(),
}));
const levelProgress = z.object({
  total: z.number(), completed: z.number(), cycle1: z.number(), cycle2: z.number(), cycle3: z.number(), cycle4: z.number(), cycle5: z.number(),
});
export const sevQueueStatusAnswer = z.object({
  currentFocus: z.object({ sevLevel: z.enum(SEVERITY_LEVELS), sequence: z.number(), cycle: z.number() }).nullable(),
  progressStats: z.object({ sev1: levelProgress, sev2: levelProgress, sev3: levelProgress, sev4: levelProgress }),
});
export const sevStatsAnswer = z.object({ sev1: z.number(), sev2: z.number(), sev3: z.number() });
export const podsAnswer = z.array(z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['running', 'offline', 'error']),
  host: z.string(),
  pid: z.number(),
  startedAt: isoTime,
  lastHeartbeat: isoTime,
  stoppedAt: isoTime.nullable(),
  lastError: z.string().nullable(),
}));
const combination = {
  combinationCode: z.string(),
  gender: z.enum(GENDERS),
  selectionKind: z.enum(SELECTION_KINDS),
  selectionId: z.string(),
  selectionName: z.string(),
  styleVibe: z.string().nullable(),
  skinTone: z.string().nullable(),
  bodyShape: z.string().nullable(),
  imageCount: z.number(),
  severityLevel: z.enum(SEVERITY_LEVELS),
};
export const comboMatrixAnswer = z.object({ rows: z.array(z.object(combination)), page: z.number(), total: z.number(), hasMore: z.boolean() });
export const combinationInventoryAnswer = z.object({
  ...combination,
  active: z.boolean(),
  prompt: z.string(),
  promptUpdatedAt: isoTime,
  counts: z.object({ viewable: z.number(), lookbook: z.number(), archived: z.number(), blocked: z.number() }),
  newest: z.array(z.object({ id: z.string(), thumbUrl: z.string(), status: z.string(), qualityScore: z.number(), createdAt: isoTime })),
});

// Settings, prompts, performance
export const platformSettingsAnswer = z.object({ maintenanceMode: z.boolean(), analyticsTracking: z.boolean(), pushNotifications: z.boolean() });
export const regeneratePromptsAnswer = z.object({ updated: z.number(), errors: z.number(), total: z.number(), duration: z.number(), samplePromptLength: z.number() });
export const verifyPromptsAnswer = z.object({ active: z.number(), stale: z.number(), missing: z.number(), ok: z.boolean(), samples: z.array(z.string()) });
export const samplePromptsAnswer = z.array(z.object({ gender: z.string(), selection: z.string(), combinationCode: z.string(), prompt: z.string() }));
export const performanceModeAnswer = z.object({
  mode: performanceModeName,
  concurrency: z.number(),
  batchSize: z.number(),
  delayMs: z.number(),
  timeoutSeconds: z.number(),
  targetImagesPerMinute: z.number().nullable(),
});

/** A piece by name and colour, and a look's full picture with its size: what a card's srcset and alt text read. */
const pieceName = z.object({ name: z.string(), color: z.string() });
const pictureFields = { fullImageUrl: z.string(), width: z.number(), height: z.number(), pieces: z.array(pieceName) };

// Image gallery (settings-and-admin §3 Generated image: the spec's names)
export const galleryPageAnswer = z.object({
  images: z.array(z.object({
    id: z.string(),
    image_url: z.string(),
    thumbnail_url: z.string(),
    width: z.number(),
    height: z.number(),
    pieces: z.array(pieceName),
    s3_url: z.string(),
    combination_code: z.string(),
    gender: z.string(),
    status: z.enum(GALLERY_STATUSES),
    quality_score: z.number(),
    created_at: isoTime,
    watermarked: z.boolean(),
    is_premium: z.boolean(),
    /** Made live around a user's own pieces (issue 19): never stock, never public. */
    personal: z.boolean(),
    in_showcase: z.boolean(),
    curated_by: z.enum(['admin', 'auto']).nullable(),
    selection: selectionRef,
    trend: z.string().nullable(),
    season: z.string().nullable(),
    occasion: z.string().nullable(),
    vibe: z.string().nullable(),
    skinTone: z.string().nullable(),
    bodyShape: z.string().nullable(),
  })),
  page: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
});
export const galleryFilterOptionsAnswer = z.object({
  occasions: z.array(namedOption),
  seasons: z.array(namedOption),
  styleVibes: z.array(namedOption.extend({ short_name: z.string() })),
  bodyShapes: z.array(namedOption),
  skinTones: z.array(namedOption.extend({ emoji: z.string() })),
  genders: z.array(namedOption),
  statuses: z.array(z.object({ id: z.enum(GALLERY_STATUSES), name: z.string() })),
});
export const comboDetailsAnswer = z.object({
  combinationCode: z.string(),
  gender: z.string(),
  selection: selectionRef,
  styleVibe: z.string().nullable(),
  skinTone: z.string().nullable(),
  bodyShape: z.string().nullable(),
  active: z.boolean(),
  prompt: z.string(),
  promptUpdatedAt: isoTime,
  imageCount: z.number(),
  severity: z.enum(SEVERITY_LEVELS),
  images: z.object({ total: z.number(), viewable: z.number(), lookbook: z.number(), archived: z.number() }),
});
export const makePublicAnswer = z.object({ id: z.string(), status: z.literal('lookbook'), changed: z.boolean() });
export const removeImageAnswer = z.object({ id: z.string(), deleted: z.literal(true), files: z.number() });
export const cleanupLowQualityAnswer = z.object({ totalDeleted: z.number(), femaleFairDeleted: z.number(), othersDeleted: z.number() });

// Users and held referrals
export const testUsersAnswer = z.object({ users: z.array(z.object({ username: z.string(), email: z.string(), password: z.string(), tier: z.enum(TIERS) })) });
export const adminUsersAnswer = z.object({
  users: z.array(z.object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    tier: z.enum(TIERS),
    isTest: z.boolean(),
    createdAt: isoTime,
    activeSessions: z.number(),
    lastActiveAt: isoTime.nullable(),
    heldReferrals: z.number(),
  })),
  nextCursor: z.string().nullable(),
});
export const endSessionsAnswer = z.object({ ended: z.number() });
export const userReferralsAnswer = z.object({
  referrals: z.array(z.object({
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    status: z.enum(REFERRAL_STATUSES),
    holdReason: z.enum(REFERRAL_HOLD_REASONS).nullable(),
    network: z.string().nullable(),
    createdAt: isoTime,
    decidedAt: isoTime.nullable(),
    decidedBy: z.string().nullable(),
  })),
});
export const referralDecisionAnswer = z.object({
  userId: z.string(), referrerId: z.string(), status: z.enum(['released', 'revoked']), referrerTier: z.enum(TIERS),
});

// Single generator
export const generatorOptionsAnswer = z.object({
  monthlyTrends: z.array(namedOption.extend({ category: z.string() })),
  occasions: z.array(namedOption),
  seasons: z.array(namedOption.extend({ colors: z.array(z.object({ name: z.string(), hex: z.string() })) })),
  styleVibes: z.array(namedOption),
  bodyShapes: z.array(namedOption),
  skinTones: z.array(namedOption),
});
export const adminGenerateAnswer = z.object({
  success: z.literal(true),
  imageId: z.string(),
  imageUrl: z.string(),
  combinationCode: z.string(),
  qualityScore: z.number(),
  fashionItems: z.array(z.object({ name: z.string(), type: z.string(), color: z.string(), description: z.string(), priceRange: z.string() })),
});

// Blocked images (settings-and-admin §3 Blocked image: the spec's names)
export const blockedPageAnswer = z.object({
  images: z.array(z.object({
    id: z.string(),
    blocked_s3_url: z.string().nullable(),
    combo_code: z.string(),
    gender: z.string(),
    trend: z.string().nullable(),
    occasion: z.string().nullable(),
    color_palette: z.string().nullable(),
    style_vibe: z.string().nullable(),
    skin_tone: z.string().nullable(),
    body_shape: z.string().nullable(),
    quality_score: z.number().nullable(),
    safety_score: z.number().nullable(),
    human_realism_score: z.number().nullable(),
    rejection_reason: z.enum(REJECTION_REASONS),
    rejection_details: z.object({ error: z.string().nullable(), reasoning: z.string().nullable() }),
    admin_review_status: z.enum(BLOCKED_REVIEW_STATUSES),
    admin_reviewer: z.string().nullable(),
    reviewed_at: isoTime.nullable(),
    admin_notes: z.string().nullable(),
    blocked_at: isoTime,
    restored_image_id: z.string().nullable(),
  })),
  hasMore: z.boolean(),
});
export const blockedStatsAnswer = z.object({
  pending: z.number(), approved: z.number(), rejected: z.number(), restored: z.number(), total: z.number(), eligibleForCleanup: z.number(),
});
export const blockedRestoreAnswer = successAnswer.extend({ id: z.string(), imageId: z.string(), combinationCode: z.string(), status: z.literal('restored') });
export const blockedReviewAnswer = successAnswer.extend({ id: z.string(), status: z.enum(BLOCKED_REVIEW_STATUSES) });
export const blockedCleanupAnswer = z.object({ deletedCount: z.number() });

// Batch generation
export const batchJobsAnswer = z.object({
  jobs: z.array(z.object({
    id: z.string(),
    kind: z.enum(['sequential', 'priority']),
    status: z.enum(['running', 'completed', 'failed', 'cancelled']),
    priorityFilter: z.enum(BATCH_PRIORITY_FILTERS).nullable(),
    cycles: z.number(),
    cycle: z.number(),
    total: z.number(),
    processed: z.number(),
    succeeded: z.number(),
    failed: z.number(),
    progress: z.number(),
    successRate: z.number(),
    createdAt: isoTime,
    finishedAt: isoTime.nullable(),
    metrics: z.object({
      commandsSent: z.number(),
      imagesGenerated: z.number(),
      contentSafetyPassed: z.number(),
      contentSafetyFailed: z.number(),
      qualityPassed: z.number(),
      qualityFailed: z.number(),
      awsSaved: z.number(),
      metadataSaved: z.number(),
      supabaseItemsSaved: z.number(),
      imagesPerMinute: z.number(),
      imagesPerHour: z.number(),
      imagesPer24Hours: z.number(),
      startTime: isoTime,
    }),
  })),
});
export const batchStartedAnswer = z.object({ jobId: z.string() });
export const batchCancelAnswer = z.object({ id: z.string(), status: z.literal('cancelled') });
export const clearPipelineAnswer = z.object({ message: z.string(), cancelledBatches: z.number() });
export const initQueueAnswer = z.object({ message: z.string(), queued: z.number() });

// Showcase lookbook manager
export const adminLookbookImagesAnswer = z.object({
  images: z.array(z.object({
    id: z.string(), gender: z.enum(GENDERS), combinationCode: z.string(), name: z.string(), qualityScore: z.number(), imageUrl: z.string(), inShowcase: z.boolean(), lookbookAt: isoTime,
    ...pictureFields,
  })),
  page: z.number(),
  hasMore: z.boolean(),
});
export const showcaseItemsAnswer = z.object({
  items: z.array(z.object({
    imageId: z.string(), gender: z.enum(GENDERS), combinationCode: z.string(), name: z.string(), imageUrl: z.string(), addedAt: isoTime, position: z.number(),
    ...pictureFields,
  })),
  page: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
  cap: z.number(),
});
export const showcaseAddAnswer = z.object({ imageId: z.string(), added: z.boolean(), total: z.number() });
export const showcaseRemoveAnswer = z.object({ imageId: z.string(), removed: z.boolean() });
export const removeFromLookbookAnswer = z.object({ imageId: z.string(), status: z.literal('viewable'), leftShowcase: z.boolean() });

// The server itself
export const versionAnswer = z.object({ name: z.string(), version: z.string() });
export const platformStatusAnswer = platformSettingsAnswer.extend({ maintenanceMessage: z.string().nullable() });

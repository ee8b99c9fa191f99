export { startPipeline, providerFor, type Pipeline, type PipelineOptions } from './daemon';
export { runGenerateJob, type GenerateOutcome, type GenerateDeps } from './generate-job';
export { ensureMatrix, regeneratePrompts } from './matrix';
export { localStorage, type Storage } from './storage';
export { podStatus, type PodStatus } from './worker-registry';
export type { ImageProvider } from './providers/provider';
export { deleteExpiredImages, purgeDeletedAccounts, cleanupLowQuality, RETENTION_DAYS } from './retention';

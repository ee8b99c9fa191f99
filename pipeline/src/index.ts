export { startPipeline, providerFor, type Pipeline, type PipelineOptions } from './daemon';
export { runGenerateJob, type GenerateOutcome, type GenerateDeps } from './generate-job';
export type { ImageProvider } from './providers/provider';
export type { ProviderImage } from './providers/provider';
export { processImage } from './image-processing';
export { nsfwClassifier, warmClassifier, type Classifier } from './classifier';
export { seedLooks, firstSeedUserOf, seedUsername, seedEmail, SEED_PASSWORD, SEED_HEAVY_USERNAME, SEED_TIERS, type SeedLooksOptions, type SeedLooksResult, type SeedStage } from './seed-looks';
export { atelierProvider } from './providers/atelier-provider';
export { seedBlocked } from './seed-blocked';

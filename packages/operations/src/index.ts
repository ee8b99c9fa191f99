// The operator's operations, one implementation each, called by the pipeline (its daemon and CLI)
// and by the admin API alike.
export * from './audit-log';
export * from './batch';
export * from './image-deletion';
export * from './blocked-images';
export * from './look-files';
export * from './ai-mark';
export * from './preview-card';
export * from './ai-marking';
export * from './lookbook-curation';
export * from './prompts';
export * from './retention';
export * from './severity-stats';
export * from './worker-registry';
export * from './store-integrity';
export * from './backup-manifest';
export * from './backup';
export * from './restore';
export * from './rescore';

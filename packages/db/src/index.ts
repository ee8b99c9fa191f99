export * from './schema';
export * from './client';
export * from './migrate';
export * from './embedded-postgres';
export * from './database-url';
export * from './settings';
export * from './seed';
export * from './performance-mode';

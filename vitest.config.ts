import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/admin/src/**/*.test.ts', 'apps/admin/src/**/*.test.tsx', 'pipeline/src/**/*.test.ts', 'scripts/**/*.test.ts', 'stress/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['scripts/test-global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps PostgreSQL and argon2 from starving each other.
    maxWorkers: 2,
  },
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('gives every value a default that works on a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', ADMIN_BASE_PATH: '/backstage', IMAGE_PROVIDER: 'atelier', TRUST_PROXY: false, publicOrigin: 'http://127.0.0.1:3000' });
    expect(c.dataDir).toMatch(/\.data$/);
  });

  it('refuses bad values with the name of the setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_BASE_PATH: 'no-slash' })).toThrow(/ADMIN_BASE_PATH/);
    expect(() => loadConfig({ IMAGE_PROVIDER: 'dall-e' })).toThrow(/IMAGE_PROVIDER/);
  });

  it('refuses S3_BUCKET rather than silently storing images on disk', () => {
    expect(() => loadConfig({ S3_BUCKET: 'looks' })).toThrow(/not available yet/);
  });
});

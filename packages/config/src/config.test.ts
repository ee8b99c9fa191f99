import { describe, expect, it } from 'vitest';
import { LOOKBOOK_AUTOCURATE_DEFAULT } from '@drape/contracts/lookbook';
import { loadConfig, logSettings, withConcretePort } from './config';

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

  it('reads the object storage settings', () => {
    expect(loadConfig({ S3_BUCKET: 'looks', S3_ENDPOINT: 'http://127.0.0.1:4569', S3_PREFIX: 'prod/' })).toMatchObject({ S3_BUCKET: 'looks', S3_REGION: 'us-east-1', S3_PREFIX: 'prod/' });
    expect(() => loadConfig({ S3_BUCKET: 'looks', S3_PREFIX: '../up' })).toThrow(/S3_PREFIX/);
  });

  it('reads LOOKBOOK_AUTOCURATE as a whole number, 0 turning auto-curation off', () => {
    expect(loadConfig({}).LOOKBOOK_AUTOCURATE).toBe(LOOKBOOK_AUTOCURATE_DEFAULT);
    expect(loadConfig({ LOOKBOOK_AUTOCURATE: '0' }).LOOKBOOK_AUTOCURATE).toBe(0);
    expect(loadConfig({ LOOKBOOK_AUTOCURATE: ' 500 ' }).LOOKBOOK_AUTOCURATE).toBe(500);
    for (const bad of ['-1', '2.5', 'lots', '', '1e3']) {
      expect(() => loadConfig({ LOOKBOOK_AUTOCURATE: bad })).toThrow(/LOOKBOOK_AUTOCURATE must be a whole number/);
    }
  });

  it('is frozen: no part can change what the others read', () => {
    const c = loadConfig({});
    expect(Object.isFrozen(c)).toBe(true);
    expect(() => {
      (c as { publicOrigin: string }).publicOrigin = 'http://elsewhere';
    }).toThrow(TypeError);
  });

  it('refuses a bootstrapped ADMIN_PASSWORD shorter than 12 characters', () => {
    expect(() => loadConfig({ ADMIN_KEY: 'ops', ADMIN_PASSWORD: 'short-pass1' })).toThrow(/ADMIN_PASSWORD must be at least 12 characters/);
    expect(loadConfig({ ADMIN_KEY: 'ops', ADMIN_PASSWORD: 'long enough pw' }).ADMIN_PASSWORD).toBe('long enough pw');
  });

  it('serves metrics by default, to loopback only until METRICS_TOKEN is set; refuses a short token', () => {
    expect(loadConfig({}).METRICS).toBe(true);
    // Empty is unset (a compose file's `METRICS_TOKEN: ${METRICS_TOKEN:-}`).
    for (const env of [{}, { METRICS_TOKEN: '' }]) expect(loadConfig(env).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS: 'off' }).METRICS).toBe(false);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(24) }).METRICS_TOKEN).toBe('a'.repeat(24));
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN must be at least 24 characters/);
    expect(() => loadConfig({ METRICS: 'maybe' })).toThrow(/METRICS/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default; true means one hop, never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('takes addresses and CIDR ranges of the proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('refuses anything else with the setting named', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'all' })).toThrow(/TRUST_PROXY: "all" is not an address or CIDR range/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/hop count/);
  });
});

describe('PORT=0', () => {
  it('is resolved to a free port before loading, so the public origin carries the real port', async () => {
    const env = await withConcretePort({ PORT: '0' });
    expect(Number(env.PORT)).toBeGreaterThan(0);
    const c = loadConfig(env);
    expect(c.publicOrigin).toBe(`http://127.0.0.1:${env.PORT}`);
  });

  it('is refused unresolved (the origin would name port 0)', () => {
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PORT=0/);
  });
});

describe('ADMIN_ORIGIN', () => {
  it('is off by default: the admin app is the hidden path on the main origin', () => {
    expect(loadConfig({}).adminListener).toBeNull();
  });

  it('gives the admin app an origin of its own, its listener on the port it names or ADMIN_PORT', () => {
    expect(loadConfig({ ADMIN_ORIGIN: 'http://127.0.0.1:3001/' }).adminListener).toEqual({ origin: 'http://127.0.0.1:3001', port: 3001 });
    expect(loadConfig({ ADMIN_ORIGIN: 'https://admin.example.com', ADMIN_PORT: '3001' }).adminListener).toEqual({ origin: 'https://admin.example.com', port: 3001 });
  });

  it('refuses an origin it cannot listen for, or the public one', () => {
    expect(() => loadConfig({ ADMIN_ORIGIN: 'https://admin.example.com' })).toThrow(/ADMIN_ORIGIN: https:\/\/admin.example.com names no port: set ADMIN_PORT/);
    expect(() => loadConfig({ ADMIN_ORIGIN: 'http://127.0.0.1:3000' })).toThrow(/must differ from the public origin/);
    expect(() => loadConfig({ ADMIN_ORIGIN: 'http://admin.local:3000' })).toThrow(/would take PORT \(3000\)/);
    expect(() => loadConfig({ ADMIN_ORIGIN: 'http://127.0.0.1:3001/backstage' })).toThrow(/the origin only/);
    expect(() => loadConfig({ ADMIN_ORIGIN: 'ftp://127.0.0.1:3001' })).toThrow(/http or https/);
    expect(() => loadConfig({ ADMIN_ORIGIN: 'admin' })).toThrow(/ADMIN_ORIGIN must be an origin/);
  });

  it('reads the log settings alone, as the configuration reads them, for the logger made before it', () => {
    expect(logSettings({})).toEqual({ level: loadConfig({}).LOG_LEVEL, json: false });
    expect(loadConfig({}).LOG_LEVEL).toBe('info');
    expect(logSettings({ LOG_LEVEL: 'silent', NODE_ENV: 'production' })).toEqual({ level: 'silent', json: true });
    // Not a level: the default, so that the configuration's refusal is logged at all.
    expect(logSettings({ LOG_LEVEL: 'loud' }).level).toBe('info');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('AFFILIATE_TAGS', () => {
  it('is empty by default, and reads one tag per Amazon store', () => {
    expect(loadConfig({}).AFFILIATE_TAGS).toEqual({});
    expect(loadConfig({ AFFILIATE_TAGS: 'amazon.de:drape-21, WWW.Amazon.com:drape-20,amazon.co.uk:drape0a-21' }).AFFILIATE_TAGS).toEqual({
      'amazon.de': 'drape-21', 'amazon.com': 'drape-20', 'amazon.co.uk': 'drape0a-21',
    });
  });

  it('refuses a malformed value at start, naming the setting and the entry', () => {
    expect(() => loadConfig({ AFFILIATE_TAGS: 'drape-21' })).toThrow(/AFFILIATE_TAGS: "drape-21" is not store:tag/);
    expect(() => loadConfig({ AFFILIATE_TAGS: 'amazon.de:' })).toThrow(/AFFILIATE_TAGS: "" is not an affiliate tag/);
    expect(() => loadConfig({ AFFILIATE_TAGS: 'ebay.de:drape-21' })).toThrow(/AFFILIATE_TAGS: "ebay.de" is not an Amazon store/);
    expect(() => loadConfig({ AFFILIATE_TAGS: 'amazon.de:drape 21' })).toThrow(/"drape 21" is not an affiliate tag/);
    expect(() => loadConfig({ AFFILIATE_TAGS: 'amazon.de:a-21,amazon.de:b-21' })).toThrow(/amazon.de is given more than one tag/);
    expect(() => loadConfig({ AFFILIATE_TAGS: 'amazon.de:a:b' })).toThrow(/is not store:tag/);
  });
});

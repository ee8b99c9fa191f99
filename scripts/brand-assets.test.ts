import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FAVICON_SIZES, ICO_SIZES } from '@drape/contracts/brand';
import { icoFromPngs, MASTER_LOGO, readMaster, writeBrandAssets } from './brand-assets';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-brand-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('brand assets', () => {
  it('makes every favicon size of the brand guidance from the master, at its real size', async () => {
    await writeBrandAssets({ outDir: out });
    for (const size of FAVICON_SIZES) {
      const meta = await sharp(path.join(out, `favicon-${size}.png`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    for (const [file, size] of [['apple-touch-icon.png', 180], ['icon-192.png', 192], ['icon-512.png', 512], ['icon-maskable-512.png', 512]] as const) {
      const meta = await sharp(path.join(out, file)).metadata();
      expect([file, meta.width, meta.height]).toEqual([file, size, size]);
    }
  });

  it('fills the platform-masked icons to the edge and leaves the favicons their rounded corners', async () => {
    const corner = async (file: string) => (await sharp(path.join(out, file)).raw().toBuffer({ resolveWithObject: true })).data[3];
    expect(await corner('icon-maskable-512.png')).toBe(255);
    expect(await corner('apple-touch-icon.png')).toBe(255);
    expect(await corner('favicon-64.png')).toBe(0);
  });

  it('writes favicon.ico as a directory of the PNG favicons', () => {
    const ico = fs.readFileSync(path.join(out, 'favicon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, ICO_SIZES.length]);
    ICO_SIZES.forEach((size, i) => {
      const entry = 6 + 16 * i;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      expect([ico[entry], ico[entry + 1], ico.readUInt16LE(entry + 6)]).toEqual([size, size, 32]);
      expect(ico.subarray(offset, offset + length).equals(fs.readFileSync(path.join(out, `favicon-${size}.png`)))).toBe(true);
    });
  });

  it('encodes 256 px as 0 in an ICO entry', () => {
    const ico = icoFromPngs([{ size: 256, png: PNG_MAGIC }]);
    expect([ico[6], ico[7], ico.length]).toEqual([0, 0, 6 + 16 + PNG_MAGIC.length]);
  });

  it('describes an installable app in the manifest, with icons that exist', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'Drape', short_name: 'Drape', start_url: '/', display: 'standalone', theme_color: '#faf7f2', background_color: '#faf7f2' });
    expect(manifest.icons.map((i: { purpose?: string }) => i.purpose)).toContain('maskable');
    for (const icon of manifest.icons as { src: string }[]) expect(fs.existsSync(path.join(out, path.basename(icon.src)))).toBe(true);
  });

  it('makes favicon.svg of the mark alone, and recolours the logo for dark grounds', () => {
    const mark = fs.readFileSync(path.join(out, 'favicon.svg'), 'utf8');
    expect(mark).toContain('viewBox="0 0 64 64"');
    expect(mark).not.toContain('wordmark');
    expect(fs.readFileSync(path.join(out, 'logo-on-dark.svg'), 'utf8')).toContain('.word{fill:#faf7f2}');
  });

  it('rewrites nothing when the master is unchanged, and removes what it no longer makes', async () => {
    fs.writeFileSync(path.join(out, 'old-icon.png'), PNG_MAGIC);
    const again = await writeBrandAssets({ outDir: out });
    expect(again.written).toEqual([]);
    expect(fs.existsSync(path.join(out, 'old-icon.png'))).toBe(false);
  });

  it('refuses a master that lost a part the icons are made of', () => {
    const master = fs.readFileSync(MASTER_LOGO, 'utf8');
    expect(() => readMaster(master.replace('<g id="mark">', '<g>'))).toThrow(/no <g id="mark">/);
  });
});

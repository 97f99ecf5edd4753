import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.server.ts';

describe('configuration', () => {
  it('has working defaults with no environment at all', () => {
    const c = parseConfig({}, '/srv/sefer');
    expect(c).toMatchObject({
      port: 4321,
      host: 'localhost',
      dataDir: path.resolve('/srv/sefer', 'data'),
      databaseUrl: undefined,
      seedDemo: true,
      siteUrl: 'http://localhost:4321',
      pageCacheSeconds: 30,
      pageKeepSeconds: 600,
    });
    expect(parseConfig({ PAGE_CACHE_SECONDS: '0' }).pageCacheSeconds).toBe(0);
    expect(() => parseConfig({ PAGE_CACHE_SECONDS: '-1' })).toThrow(/PAGE_CACHE_SECONDS/);
    expect(parseConfig({ PAGE_KEEP_SECONDS: '3600' }).pageKeepSeconds).toBe(3600);
    expect(() => parseConfig({ PAGE_KEEP_SECONDS: '0' })).toThrow(/PAGE_KEEP_SECONDS/);
  });

  it('honours PORT, HOST, DATA_DIR, DATABASE_URL, SEED_DEMO and SITE_URL', () => {
    const c = parseConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/sefer',
        DATABASE_URL: 'postgres://u:p@db/sefer',
        SEED_DEMO: 'false',
        SITE_URL: 'https://sefer.et/',
      },
      '/srv',
    );
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/sefer',
      databaseUrl: 'postgres://u:p@db/sefer',
      seedDemo: false,
      siteUrl: 'https://sefer.et',
    });
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SITE_URL: '', SEED_DEMO: '' })).toMatchObject({ databaseUrl: undefined, seedDemo: true });
  });

  it("reads the form map's tile URL template and credit line, OpenStreetMap's by default", () => {
    expect(parseConfig({}).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
    });
    expect(parseConfig({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' }).map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const local = parseConfig({ MAP_TILE_URL: 'http://127.0.0.1:4362/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Test tiles' });
    expect(local.map).toEqual({ tileUrl: 'http://127.0.0.1:4362/{z}/{x}/{y}.png', tileAttribution: 'Test tiles' });
    expect(parseConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).map.tileUrl).toBe('/tiles/{z}/{x}/{y}.png');
    expect(() => parseConfig({ MAP_TILE_URL: 'https://tiles.example/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => parseConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });

  it('names every bad variable in one error', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO/,
    );
  });
});

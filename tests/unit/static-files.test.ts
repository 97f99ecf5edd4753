/**
 * scripts/static-files.mjs: the build's static files served by the start script, every other path
 * handed to the app without a look at the disk (issue 31).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStaticFiles, serveStaticFile } from '../../scripts/static-files.mjs';

describe('the build’s static files', () => {
  let client: string;
  let server: http.Server;
  let origin: string;
  const toApp: string[] = [];

  beforeAll(async () => {
    client = mkdtempSync(path.join(os.tmpdir(), 'sefer-static-'));
    mkdirSync(path.join(client, '_astro'));
    writeFileSync(path.join(client, '_astro', 'Form.abc123.js'), 'export {};');
    writeFileSync(path.join(client, 'favicon.svg'), '<svg/>');
    const files = listStaticFiles(client);
    server = http.createServer((req, res) => {
      if (serveStaticFile(req, res, client, files)) return;
      toApp.push(`${req.method} ${req.url}`);
      res.end('app');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(client, { recursive: true, force: true });
  });

  it('lists every file under the client folder as its URL path', () => {
    expect([...listStaticFiles(client)].sort()).toEqual(['/_astro/Form.abc123.js', '/favicon.svg']);
  });

  it('serves a listed file, hashed assets cached for a year (GET and HEAD), others revalidated', async () => {
    const asset = await fetch(`${origin}/_astro/Form.abc123.js?v=1`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('export {};');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const head = await fetch(`${origin}/_astro/Form.abc123.js`, { method: 'HEAD' });
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${origin}/favicon.svg`);
    expect(await icon.text()).toBe('<svg/>');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0');
    expect(toApp).toEqual([]);
  });

  it('hands pages, missing files and other methods to the app', async () => {
    for (const [method, url] of [
      ['GET', '/homes?page=2'],
      ['GET', '/_astro/missing.js'],
      ['GET', '/_astro'],
      ['POST', '/favicon.svg'],
    ] as const) {
      expect(await (await fetch(origin + url, { method })).text()).toBe('app');
    }
    expect(toApp).toEqual(['GET /homes?page=2', 'GET /_astro/missing.js', 'GET /_astro', 'POST /favicon.svg']);
  });
});

import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from './support/build.ts';
import { type RunningApp, startApp } from './support/server.ts';

/** A request as a browser makes it, without fetch's automatic decompression hiding the encoding. */
async function get(url: string, acceptEncoding: string) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the built client as the server sends it (issue 14: compressed, long-cached assets)', () => {
  let dist: string;
  let app: RunningApp;
  let script: string;

  beforeAll(async () => {
    dist = await buildClient();
    app = await startApp(dist);
    // The largest script (the entry): a few-hundred-byte chunk would barely compress.
    const assets = path.join(dist, 'assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0];
    if (!js) throw new Error('the build emitted no script');
    script = `assets/${js}`;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed scripts brotli-compressed to browsers that accept it, cached for a year', async () => {
    const res = await get(`${app.url}/${script}`, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const original = readFileSync(path.join(dist, script));
    expect(brotliDecompressSync(res.body).equals(original)).toBe(true);
    expect(res.body.length).toBeLessThan(original.length / 2.5);
  });

  it('falls back to gzip, then to the plain file, by what the client accepts', async () => {
    const gz = await get(`${app.url}/${script}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(readFileSync(path.join(dist, script)))).toBe(true);
    const plain = await get(`${app.url}/${script}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(path.join(dist, script)))).toBe(true);
  });

  it('makes browsers check the page itself on every visit, so a new release reaches them', async () => {
    for (const url of ['/', '/index.html', '/match/some-client-route']) {
      const res = await get(`${app.url}${url}`, 'gzip, br');
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const text = (
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body
      ).toString();
      expect(text, url).toContain('<div id="app"');
    }
  });
});

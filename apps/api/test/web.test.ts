import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createBranch, createCity } from '@sala/db/factories/factories';
import { LEGAL_TOKENS } from '@sala/shared/legal/legal-view';
import { INDEXABLE_PAGES } from '@sala/shared/web/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { pickEncoding } from '../src/plugins/web';
import { createTestApp, type TestApp } from './test-app';

// A built web app stand-in, laid out as `npm run build` leaves apps/web/dist: the SPA shell, the prerendered
// public pages, hashed assets with their precompressed copies.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'sala-web-'));
const head = '<head><title>Sala Común</title></head>';
const shell = `<!doctype html><html>${head}<body><div id="root"></div></body></html>`;
const prerendered = (text: string) =>
  `<!doctype html><html><head><link rel="canonical" href="__PUBLIC_URL__/" /><!--branches-ld--></head><body><div id="root"><h1>${text}</h1></div></body></html>`;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(path.join(webDist, 'assets'));
mkdirSync(path.join(webDist, 'images'));
mkdirSync(path.join(webDist, 'prerender', 'nosotros'), { recursive: true });
writeFileSync(path.join(webDist, 'index.html'), shell);
writeFileSync(
  path.join(webDist, 'prerender', 'index.html'),
  prerendered('Consultorios por hora para tu práctica'),
);
writeFileSync(path.join(webDist, 'prerender', 'nosotros', 'index.html'), prerendered('Nosotros'));
// The privacy notice as the build writes it: the business's facts are tokens the server fills in.
mkdirSync(path.join(webDist, 'prerender', 'aviso-de-privacidad'), { recursive: true });
writeFileSync(
  path.join(webDist, 'prerender', 'aviso-de-privacidad', 'index.html'),
  prerendered(
    `Responsable: ${LEGAL_TOKENS.legalName}, ${LEGAL_TOKENS.address}. <a href="mailto:${LEGAL_TOKENS.privacyEmail}">${LEGAL_TOKENS.privacyEmail}</a>; ${LEGAL_TOKENS.retention}.`,
  ),
);
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), script);
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(script));
writeFileSync(path.join(webDist, 'images', 'hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const PUBLIC_URL = 'https://reservas.example.mx';
const INSTAGRAM_URL = 'https://www.instagram.com/salacomun';

let t: TestApp;
let branchId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist, PUBLIC_URL, INSTAGRAM_URL } });
  const city = await createCity(t.db, { name: 'Guadalajara' });
  branchId = (await createBranch(t.db, { cityId: city.id, name: 'Providencia', phone: '3336157890' })).id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('hashed assets', () => {
  it('go out precompressed, brotli or gzip as the client accepts, cached for a year', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates files without a fingerprint', async () => {
    const image = await get('/images/hero.svg');
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('no-cache');
  });

  it('never serves the HTML or the prerendered pages as bare files', async () => {
    for (const url of ['/index.html', '/prerender/index.html', '/prerender/nosotros/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('__PUBLIC_URL__');
    }
  });
});

describe('pages', () => {
  it('sends the prerendered page, compressed and never cached, with the public URL and the configuration', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<h1>Consultorios por hora para tu práctica</h1>');
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(html).toContain(
      `<script type="application/json" id="site-config">{"instagramUrl":"${INSTAGRAM_URL}","facebookUrl":null,"sendsEmail":false}</script>`,
    );
  });

  it('puts every branch in the landing page as schema.org LocalBusiness data', async () => {
    const html = (await get('/')).body;
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    const data = JSON.parse(json!);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph']).toContainEqual(
      expect.objectContaining({
        '@type': 'LocalBusiness',
        name: 'Sala Común Providencia',
        telephone: '+52 3336157890',
        url: `${PUBLIC_URL}/sucursales#sucursal-${branchId}`,
        sameAs: [INSTAGRAM_URL],
      }),
    );
    // The about page lists no branches: its marker is left alone, nothing added.
    expect((await get('/nosotros/')).body).not.toContain('ld+json');
  });

  it('sends the SPA shell for pages without prerendered HTML, and with 404 for paths that are no page', async () => {
    const comprar = await get('/comprar');
    expect(comprar.statusCode).toBe(200);
    expect(comprar.body).toContain('<div id="root"></div>');
    expect(comprar.body).toContain('id="site-config"');
    const admin = await get('/admin/consultorios');
    expect(admin.statusCode).toBe(200);
    const missing = await get('/no-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.body).toContain('<div id="root"></div>');
  });

  it('lands /contacto on the branches of the home page', async () => {
    const res = await get('/contacto');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#sucursales');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keeps crawlers out of private pages and points them to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    for (const path of ['/admin', '/api/', '/perfil', '/pago'])
      expect(res.body).toContain(`Disallow: ${path}`);
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists the public pages with absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(INDEXABLE_PAGES.map((page) => `${PUBLIC_URL}${page}`));
    expect(locs).toContain(`${PUBLIC_URL}/sucursales`);
    expect(res.body).not.toContain('/perfil');
  });
});

describe('dynamic compression', () => {
  it('compresses JSON answers over 1 kB for clients that accept it', async () => {
    for (let i = 0; i < 3; i++) await createBranch(t.db, { description: 'Una sucursal más. '.repeat(10) });
    const res = await get('/api/catalog/branches', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(res.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body).some((b: { id: string }) => b.id === branchId)).toBe(true);
    // Small answers are not worth it.
    expect((await get('/api/health', 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});

describe('social links configuration', () => {
  it('takes https profile links and refuses a bare network or plain http', () => {
    expect(loadConfig({ INSTAGRAM_URL, FACEBOOK_URL: 'https://www.facebook.com/salacomun' }).social).toEqual({
      instagramUrl: INSTAGRAM_URL,
      facebookUrl: 'https://www.facebook.com/salacomun',
    });
    expect(loadConfig({}).social).toEqual({ instagramUrl: null, facebookUrl: null });
    for (const bad of [
      'https://www.instagram.com/',
      'https://instagram.com',
      'http://www.instagram.com/sala',
    ]) {
      expect(() => loadConfig({ INSTAGRAM_URL: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ FACEBOOK_URL: 'facebook.com/sala' })).toThrow(/FACEBOOK_URL/);
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('the privacy notice', () => {
  it("prints the business's legal facts as they are now, escaped, and '(por definir)' before they are set", async () => {
    const before = (await get('/aviso-de-privacidad')).body;
    expect(before).toContain('Responsable: (por definir), (por definir).');
    expect(before).toContain('cinco años');
    expect(before).not.toContain('__LEGAL');

    const { loginAs } = await import('./sessions');
    const { cookie } = await loginAs(t, 'superadmin');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/legal',
      headers: { cookie },
      payload: {
        legalName: 'López & Hijos, S.C.',
        address: 'Av. Juárez 10, Centro, 06000 Ciudad de México',
        privacyEmail: 'privacidad@lopez.example.com',
        retentionYears: 6,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await get('/aviso-de-privacidad')).body;
    expect(after).toContain(
      'Responsable: López &amp; Hijos, S.C., Av. Juárez 10, Centro, 06000 Ciudad de México.',
    );
    expect(after).toContain(
      '<a href="mailto:privacidad@lopez.example.com">privacidad@lopez.example.com</a>; seis años.',
    );
    expect(after).not.toContain('__LEGAL');
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createBranch, createCity } from '@sala/db/factories/factories';
import { businessSettings } from '@sala/db/schema/privacy';
import { legalMessages } from '@sala/shared/legal/legal.messages';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { LEGAL_TOKENS, onlinePaymentsLine } from '@sala/shared/legal/legal-view';
import { contactColumnHtml } from '@sala/shared/web/contact-column';
import { INDEXABLE_PAGES } from '@sala/shared/web/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';

// A built web app stand-in, laid out as `npm run build` leaves apps/web/dist: the SPA shell, the prerendered
// public pages, hashed assets with their precompressed copies.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'sala-web-'));
const head = '<head><title>Sala Común</title></head>';
const shell = `<!doctype html><html>${head}<body><div id="root"></div></body></html>`;
const prerendered = (text: string) =>
  `<!doctype html><html><head><link rel="canonical" href="__PUBLIC_URL__/" /><!--branches-ld--></head><body><div id="root"><h1>${text}</h1><footer><div class="empty:hidden" data-site-contact=""></div></footer></div></body></html>`;
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
    `<p id="datos-sin-publicar">${LEGAL_TOKENS.unpublished}</p>Responsable: ${LEGAL_TOKENS.legalName}, ${LEGAL_TOKENS.address}. <a href="${LEGAL_TOKENS.privacyEmailHref}">${LEGAL_TOKENS.privacyEmail}</a>; ${LEGAL_TOKENS.retention}. <li>${LEGAL_TOKENS.onlinePayments}</li>`,
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
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist, PUBLIC_URL, PAYMENT_METHODS: 'card,oxxo,spei' } });
  // The business's contact, set before its legal facts (issue 39): one profile and the phone.
  await t.db.insert(businessSettings).values({ id: 1, instagramUrl: INSTAGRAM_URL, phone: '5512345678' });
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
      `<script type="application/json" id="site-config">{"phone":"5512345678","whatsapp":null,"instagramUrl":"${INSTAGRAM_URL}","facebookUrl":null,"sendsEmail":false}</script>`,
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

describe("the business's contact in every page (issue 39)", () => {
  it('follows the settings: a save shows in the next page, also the 404 page, with no new build', async () => {
    const { loginAs } = await import('./sessions');
    const { cookie } = await loginAs(t, 'superadmin');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/legal/contact',
      headers: { cookie },
      payload: {
        phone: '33 3615 7890',
        whatsapp: '+52 33 1234 5678',
        instagramUrl: INSTAGRAM_URL,
        facebookUrl: 'https://www.facebook.com/salacomun',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const config = `<script type="application/json" id="site-config">{"phone":"3336157890","whatsapp":"3312345678","instagramUrl":"${INSTAGRAM_URL}","facebookUrl":"https://www.facebook.com/salacomun","sendsEmail":false}</script>`;
    expect((await get('/nosotros')).body).toContain(config);
    expect((await get('/no-existe')).body).toContain(config);
    // The footer's contact column is in the HTML, written from the same settings the page's configuration says,
    // so the footer's island hydrates with what is there and nothing moves.
    const column = contactColumnHtml({
      phone: '3336157890',
      whatsapp: '3312345678',
      instagramUrl: INSTAGRAM_URL,
      facebookUrl: 'https://www.facebook.com/salacomun',
    });
    expect(column).toContain('Teléfono: 33 3615 7890');
    expect((await get('/nosotros')).body).toContain(
      `<footer><div class="empty:hidden" data-site-contact="">${column}</div></footer>`,
    );
    const landing = (await get('/')).body;
    expect(landing).toContain(config);
    expect(landing).toContain(column);
    expect(landing).toContain(`"sameAs":["${INSTAGRAM_URL}","https://www.facebook.com/salacomun"]`);

    // Cleared: gone from the pages.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/legal/contact',
      headers: { cookie },
      payload: { phone: '', whatsapp: null, instagramUrl: INSTAGRAM_URL },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const nosotros = (await get('/nosotros')).body;
    expect(nosotros).toContain(
      `{"phone":null,"whatsapp":null,"instagramUrl":"${INSTAGRAM_URL}","facebookUrl":null,"sendsEmail":false}`,
    );
    expect(nosotros).toContain('aria-label="Instagram de Sala Común"');
    expect(nosotros).not.toContain('Teléfono:');
    // The app's pages render the footer in the browser: their shell has no column to fill.
    expect((await get('/comprar')).body).not.toContain('data-site-contact');
  });

  it('no longer reads INSTAGRAM_URL and FACEBOOK_URL, and says so at start', () => {
    expect(loadConfig({}).retiredVariables).toEqual([]);
    const config = loadConfig({ INSTAGRAM_URL, FACEBOOK_URL: 'http://no-importa' });
    expect(config.retiredVariables).toEqual([
      'INSTAGRAM_URL ya no se usa: el enlace de Instagram se escribe en Administración → Datos legales. Quita la variable.',
      'FACEBOOK_URL ya no se usa: el enlace de Facebook se escribe en Administración → Datos legales. Quita la variable.',
    ]);
    expect(config).not.toHaveProperty('social');
  });
});

describe('the privacy notice', () => {
  it("prints the business's legal facts as they are now, escaped; before they are published, it says so (issue 39)", async () => {
    const { loginAs } = await import('./sessions');
    const { cookie } = await loginAs(t, 'superadmin');
    const putFacts = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/legal', headers: { cookie }, payload });

    const unpublished = `<p id="datos-sin-publicar">${legalMessages.unpublished}</p>Responsable: (aún no publicado), (aún no publicado). <a href="#datos-sin-publicar">(aún no publicado)</a>; cinco años.`;
    const before = (await get('/aviso-de-privacidad')).body;
    expect(before).toContain(unpublished);
    expect(before).not.toContain('__LEGAL');
    // The demo's examples are not the business's facts either: never shown to the public as if they were.
    expect((await putFacts(EXAMPLE_LEGAL_FACTS)).statusCode).toBe(200);
    const example = (await get('/aviso-de-privacidad')).body;
    expect(example).toContain(unpublished);
    expect(example).not.toContain(EXAMPLE_LEGAL_FACTS.legalName);
    expect(example).not.toContain(EXAMPLE_LEGAL_FACTS.privacyEmail);

    const saved = await putFacts({
      legalName: 'López & Hijos, S.C.',
      address: 'Av. Juárez 10, Centro, 06000 Ciudad de México',
      privacyEmail: 'privacidad@lopez.example.com',
      retentionYears: 6,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await get('/aviso-de-privacidad')).body;
    expect(after).toContain(
      '<p id="datos-sin-publicar"></p>Responsable: López &amp; Hijos, S.C., Av. Juárez 10, Centro, 06000 Ciudad de México.',
    );
    expect(after).toContain(
      '<a href="mailto:privacidad@lopez.example.com">privacidad@lopez.example.com</a>; seis años.',
    );
    expect(after).not.toContain('__LEGAL');
  });

  it('names every payment method the store offers (PAYMENT_METHODS)', async () => {
    const html = (await get('/aviso-de-privacidad')).body;
    const line = onlinePaymentsLine({ methods: ['card', 'oxxo', 'spei'], oxxoExpiresDays: 3 });
    expect(line).toMatch(/tarjeta.*OXXO.*SPEI/);
    expect(html).toContain(`<li>${line}</li>`);
  });
});

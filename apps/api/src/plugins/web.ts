import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type BusinessContact, NO_BUSINESS_CONTACT } from '@sala/shared/legal/business-contact';
import { fillLegalTokens, legalView } from '@sala/shared/legal/legal-view';
import { withContactColumn } from '@sala/shared/web/contact-column';
import { escapeHtml } from '@sala/shared/web/escape-html';
import {
  ADMIN_PREFIX,
  INDEXABLE_PAGES,
  LEGAL_PAGES,
  PRERENDERED_PAGES,
  PUBLIC_PAGES,
} from '@sala/shared/web/pages';
import { branchesStructuredData } from '@sala/shared/web/structured-data';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../context';
import { COMPRESSION, type EncodedText, encodedText, sendEncoded } from '../lib/encoded-text';
import { ttlCache } from '../lib/ttl-cache';

/** Where the build keeps the prerendered public pages (apps/web/scripts/prerender.ts). */
const PRERENDER_DIR = 'prerender';
/** Replaced once at start with PUBLIC_URL (canonical links, Open Graph). */
const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';
/** Where a page that lists the branches gets their LocalBusiness data, per request. */
const BRANCHES_LD_TOKEN = '<!--branches-ld-->';

/** The pages whose HTML carries every branch as schema.org LocalBusiness data. */
const PAGES_WITH_BRANCHES = new Set(['/', '/sucursales']);
const PAGES_WITH_LEGAL_FACTS = new Set<string>(LEGAL_PAGES);

/** Branch details change a few times a year: their LocalBusiness data may be a minute old. */
const branchesCache = ttlCache(60_000, 4);

/**
 * Each page's HTML compressed at the highest levels, each form once, and remembered by its text: the pages change
 * only when the branches or the business's facts do, so a request costs a lookup, not a compression.
 */
function compressedHtmlCache(maxEntries = 32) {
  const cache = new Map<string, EncodedText>();
  return (html: string): EncodedText => {
    let hit = cache.get(html);
    if (!hit) {
      hit = encodedText(html, COMPRESSION.max);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(html, hit);
    }
    return hit;
  };
}

export type WebPages = {
  /** Sends the SPA shell with a 404 (the app shows its own not-found page). */
  sendNotFound: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
};

const escapeJsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * What the pages print from the database, read through the modules that own it (handed in by app.ts: this plugin
 * is infrastructure and imports no module).
 */
export type SiteFacts = {
  /** How clients reach the business (Datos legales). */
  contact(db: RequestContext['db']): Promise<BusinessContact>;
  /** The legal facts the notice and the terms print. */
  legal(db: RequestContext['db']): Promise<Parameters<typeof legalView>[0]>;
  /** The public branches, for the pages' LocalBusiness data. */
  branches(ctx: RequestContext): Promise<Parameters<typeof branchesStructuredData>[0]>;
};

/**
 * Serves the built SPA: hashed assets with a year of immutable caching and precompressed (.br, .gz) when the
 * client accepts it, every HTML page with no-cache. Prerendered public pages (their hero and text paint before
 * the JavaScript runs) and the SPA shell get, once at start, the public URL; on each request, the site's
 * configuration (the business's phone, WhatsApp and social links, a few seconds old at most, and whether e-mail is
 * sent); pages that list the branches get the branches' LocalBusiness data on each request.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  facts: SiteFacts,
): Promise<WebPages | false> {
  const shellFile = path.join(distDir, 'index.html');
  if (!existsSync(shellFile)) {
    app.log.warn({ distDir }, 'web build not found; serving the API only');
    return false;
  }
  const publicUrl = app.config.publicUrl.replace(/\/+$/, '');
  const prepare = (html: string) => html.replaceAll(PUBLIC_URL_TOKEN, escapeHtml(publicUrl));
  // Whether the site sends e-mail at all: every screen that mentions an e-mail says the truth (issue 39).
  const sendsEmail = app.config.smtp !== null;
  // How clients reach the business (Datos legales): without it a moment (the database down), the page still goes out.
  const contactOf = (request: FastifyRequest) =>
    facts.contact(request.ctx.db).catch((error: unknown) => {
      request.log.warn({ err: error }, 'business contact unavailable');
      return NO_BUSINESS_CONTACT;
    });
  const withSiteConfig = (html: string, contact: BusinessContact) => {
    const site = { ...contact, sendsEmail };
    const script = `<script type="application/json" id="site-config">${escapeJsonForHtml(site)}</script>`;
    return html.replace('</head>', `${script}</head>`);
  };
  // The terms name every way the store takes payment online (PAYMENT_METHODS, issue 39).
  const onlinePayments = { methods: app.config.paymentMethods, oxxoExpiresDays: app.config.oxxoExpiresDays };

  const shell = prepare(readFileSync(shellFile, 'utf8'));
  const prerendered = new Map<string, string>();
  for (const page of PRERENDERED_PAGES) {
    const file = path.join(distDir, PRERENDER_DIR, page === '/' ? '' : page, 'index.html');
    if (existsSync(file)) prerendered.set(page, prepare(readFileSync(file, 'utf8')));
  }
  if (prerendered.size === 0) app.log.warn({ distDir }, 'no prerendered pages in the web build');

  await app.register(fastifyStatic, {
    root: distDir,
    // One route per built file (the build does not change while the server runs): a path that is no file
    // falls to the not-found handler, which knows pages from missing files.
    wildcard: false,
    // HTML goes out through the page routes below (with the configuration in it), never as a bare file, and
    // robots.txt and sitemap.xml are written from the configuration too.
    index: false,
    globIgnore: ['**/*.html', `${PRERENDER_DIR}/**`, 'robots.txt*', 'sitemap.xml*'],
    // The build writes .br and .gz next to every compressible file (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/; anything else (images, robots) is revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const branchesLd = async (request: FastifyRequest, contact: BusinessContact) => {
    const ctx: RequestContext = request.ctx;
    const branches = await branchesCache.get(ctx.db, 'branches', () => facts.branches(ctx));
    const data = branchesStructuredData(branches, { publicUrl, social: contact });
    return `<script type="application/ld+json">${escapeJsonForHtml(data)}</script>`;
  };

  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /api/',
          'Disallow: /perfil',
          'Disallow: /mi-carrito',
          'Disallow: /pago',
          'Disallow: /resumen',
          '',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...INDEXABLE_PAGES.map((page) => `  <url><loc>${escapeHtml(`${publicUrl}${page}`)}</loc></url>`),
          '</urlset>',
          '',
        ].join('\n'),
      ),
  );

  const htmlHeaders = (reply: FastifyReply, status: number) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');

  const compressed = compressedHtmlCache();
  // Every page of the app (docs/business-rules.md §2) is a route; its HTML goes out compressed (from the cache above).
  const sendPage = async (page: string, request: FastifyRequest, reply: FastifyReply) => {
    // One reading of the contact for the whole page: the footer's column and the page's configuration, from which
    // the footer hydrates, say the same.
    const contact = await contactOf(request);
    const built = prerendered.get(page);
    let html = withSiteConfig(built ? withContactColumn(built, contact) : shell, contact);
    // The notice and the terms print the business's legal facts as they are now (docs/decisions/018).
    if (PAGES_WITH_LEGAL_FACTS.has(page))
      html = fillLegalTokens(html, legalView(await facts.legal(request.ctx.db), onlinePayments), escapeHtml);
    if (PAGES_WITH_BRANCHES.has(page) && html.includes(BRANCHES_LD_TOKEN)) {
      // Without the data (the database down a moment) the page still goes out, just without it.
      const data = await branchesLd(request, contact).catch((error: unknown) => {
        request.log.warn({ err: error }, 'branches structured data unavailable');
        return '';
      });
      html = html.replace(BRANCHES_LD_TOKEN, data);
    }
    return sendEncoded(request, htmlHeaders(reply, 200), compressed(html));
  };
  for (const page of PUBLIC_PAGES) {
    if (page === '/contacto') {
      // docs/business-rules.md §2: /contacto goes home; it lands on the branches, where the addresses and phones are (issue 14).
      app.get(page, { config: { access: 'public' } }, async (_request, reply) =>
        reply.redirect('/#sucursales', 302),
      );
    } else {
      app.get(page, { config: { access: 'public' } }, async (request, reply) =>
        sendPage(page, request, reply),
      );
    }
  }
  for (const page of [ADMIN_PREFIX, `${ADMIN_PREFIX}/*`]) {
    app.get(page, { config: { access: 'public' } }, async (request, reply) => sendPage(page, request, reply));
  }

  return {
    sendNotFound: async (request, reply) =>
      htmlHeaders(reply, 404).send(withSiteConfig(shell, await contactOf(request))),
  };
}

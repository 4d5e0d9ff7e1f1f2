import { describe, expect, it } from 'vitest';
import { legalMessages } from './legal.messages';
import { EXAMPLE_LEGAL_FACTS } from './legal-facts';
import { fillLegalTokens, LEGAL_TOKENS, legalView, onlinePaymentsLine, yearsInWords } from './legal-view';

const ALL_METHODS = { methods: ['card', 'oxxo', 'spei'] as const, oxxoExpiresDays: 3 };
const REAL = {
  legalName: 'Consultorios Providencia, S.C.',
  address: 'Av. Vallarta 1234, Col. Americana, 44160 Guadalajara, Jal.',
  privacyEmail: 'privacidad@consultorios.mx',
  retentionYears: 6,
};

describe('the legal facts in the documents', () => {
  it.each([
    [1, 'un año'],
    [5, 'cinco años'],
    [10, 'diez años'],
    [12, '12 años'],
  ])('%i → %s', (years, words) => {
    expect(yearsInWords(years)).toBe(words);
  });

  it('prints the facts the business published, with no notice', () => {
    expect(legalView(REAL, ALL_METHODS)).toMatchObject({
      legalName: REAL.legalName,
      address: REAL.address,
      privacyEmail: REAL.privacyEmail,
      privacyEmailHref: 'mailto:privacidad@consultorios.mx',
      retention: 'seis años',
      unpublished: '',
    });
  });

  it.each([
    ['nobody has set them', null],
    ['they are still the demo examples', EXAMPLE_LEGAL_FACTS],
  ])(
    'says plainly the business has not published its facts when %s, never shows invented ones (issue 39)',
    (_, facts) => {
      const view = legalView(facts, ALL_METHODS);
      expect(view).toMatchObject({
        legalName: '(aún no publicado)',
        address: '(aún no publicado)',
        privacyEmail: '(aún no publicado)',
        privacyEmailHref: '#datos-sin-publicar',
        retention: 'cinco años',
        unpublished: legalMessages.unpublished,
      });
      expect(JSON.stringify(view)).not.toMatch(/Ejemplo|example\.com/);
    },
  );

  it('fills every token of a page, escaped', () => {
    const page = `<p>${LEGAL_TOKENS.legalName} · <a href="${LEGAL_TOKENS.privacyEmailHref}">${LEGAL_TOKENS.privacyEmail}</a> · ${LEGAL_TOKENS.retention} · ${LEGAL_TOKENS.address}</p><p>${LEGAL_TOKENS.unpublished}</p><li>${LEGAL_TOKENS.onlinePayments}</li>`;
    const view = { ...legalView(REAL, ALL_METHODS), legalName: 'López & Hijos <S.C.>' };
    const html = fillLegalTokens(page, view, (t) =>
      t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
    );
    expect(html).toBe(
      `<p>López &amp; Hijos &lt;S.C.&gt; · <a href="mailto:privacidad@consultorios.mx">privacidad@consultorios.mx</a> · seis años · ${REAL.address}</p><p></p><li>${onlinePaymentsLine(ALL_METHODS)}</li>`,
    );
    expect(html).not.toContain('__LEGAL');
  });
});

describe("the terms' payments follow what checkout offers (PAYMENT_METHODS, issue 39)", () => {
  it('names card, OXXO and SPEI, and when the credits of a cash or transfer payment arrive', () => {
    expect(onlinePaymentsLine(ALL_METHODS)).toBe(
      'En línea: con tarjeta de crédito o débito; en efectivo en cualquier tienda OXXO, con la ficha que te damos; o por transferencia SPEI desde tu banco, por medio de nuestro procesador de pagos. Si pagas en OXXO o por SPEI, tus créditos se agregan cuando se confirma el pago; tienes tres días para pagar y, si no pagas en ese plazo, la orden vence sin ningún cargo.',
    );
  });

  it('names only what the store takes', () => {
    expect(onlinePaymentsLine({ methods: ['card'], oxxoExpiresDays: 3 })).toBe(
      'En línea: con tarjeta de crédito o débito, por medio de nuestro procesador de pagos.',
    );
    const oxxoOnly = onlinePaymentsLine({ methods: ['oxxo'], oxxoExpiresDays: 1 });
    expect(oxxoOnly).toContain('En línea: en efectivo en cualquier tienda OXXO');
    expect(oxxoOnly).toContain('tienes un día para pagar');
    expect(oxxoOnly).not.toMatch(/tarjeta|SPEI desde/);
  });
});

import { describe, expect, it } from 'vitest';
import { EXAMPLE_LEGAL_FACTS } from './legal.contract';
import { fillLegalTokens, LEGAL_TOKENS, legalView, yearsInWords } from './legal-view';

describe('the legal facts in the documents', () => {
  it.each([
    [1, 'un año'],
    [5, 'cinco años'],
    [10, 'diez años'],
    [12, '12 años'],
  ])('%i → %s', (years, words) => {
    expect(yearsInWords(years)).toBe(words);
  });

  it('reads (por definir) for facts nobody has set', () => {
    expect(legalView(null)).toEqual({
      legalName: '(por definir)',
      address: '(por definir)',
      privacyEmail: '(por definir)',
      retention: 'cinco años',
    });
  });

  it('fills every token of a page, escaped', () => {
    const page = `<p>${LEGAL_TOKENS.legalName} · <a href="mailto:${LEGAL_TOKENS.privacyEmail}">${LEGAL_TOKENS.privacyEmail}</a> · ${LEGAL_TOKENS.retention} · ${LEGAL_TOKENS.address}</p>`;
    const view = { ...legalView(EXAMPLE_LEGAL_FACTS), legalName: 'López & Hijos <S.C.>' };
    const html = fillLegalTokens(page, view, (t) =>
      t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
    );
    expect(html).toBe(
      `<p>López &amp; Hijos &lt;S.C.&gt; · <a href="mailto:privacidad@example.com">privacidad@example.com</a> · cinco años · ${EXAMPLE_LEGAL_FACTS.address}</p>`,
    );
    expect(html).not.toContain('__LEGAL');
  });
});

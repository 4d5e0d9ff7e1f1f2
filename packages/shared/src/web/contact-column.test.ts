import { describe, expect, it } from 'vitest';
import { NO_BUSINESS_CONTACT } from '../legal/business-contact';
import { contactColumnHtml, EVERY_CONTACT_FIELD } from './contact-column';

const textOf = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attribute = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];

/** What a person (and a screen reader) finds in the column: its heading, its lists and its links. */
function parse(html: string) {
  const links = [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attributes = '', inner = '']) => ({
    name: attribute(attributes, 'aria-label') ?? textOf(inner.replace(/<[^>]*>/g, '')),
    href: textOf(attribute(attributes, 'href') ?? ''),
    newTab:
      attribute(attributes, 'target') === '_blank' && attribute(attributes, 'rel') === 'noreferrer noopener',
  }));
  return {
    heading: /<h2[^>]*>(.*?)<\/h2>/.exec(html)?.[1] ?? null,
    lists: [...html.matchAll(/<ul([^>]*)>/g)].map(
      ([, attributes = '']) => attribute(attributes, 'aria-label') ?? null,
    ),
    links,
  };
}

describe('contactColumnHtml', () => {
  it('is empty while the business has set nothing: the footer shows no column', () => {
    expect(contactColumnHtml(NO_BUSINESS_CONTACT)).toBe('');
  });

  it('gives the phone to call and the WhatsApp to chat, grouped as people read them, then the profiles', () => {
    const { heading, links } = parse(
      contactColumnHtml({
        phone: '5512345678',
        whatsapp: '3312345678',
        instagramUrl: 'https://www.instagram.com/salacomun',
        facebookUrl: 'https://www.facebook.com/salacomun',
      }),
    );
    expect(heading).toBe('Contacto');
    expect(links).toEqual([
      { name: 'Teléfono: 55 1234 5678', href: 'tel:+525512345678', newTab: false },
      { name: 'WhatsApp: 33 1234 5678', href: 'https://wa.me/523312345678', newTab: true },
      { name: 'Instagram de Sala Común', href: 'https://www.instagram.com/salacomun', newTab: true },
      { name: 'Facebook de Sala Común', href: 'https://www.facebook.com/salacomun', newTab: true },
    ]);
  });

  it('leaves out each part that is not set, and the list of numbers when neither is', () => {
    const onlyPhone = parse(contactColumnHtml({ ...NO_BUSINESS_CONTACT, phone: '2221234567' }));
    expect(onlyPhone.links.map((link) => link.name)).toEqual(['Teléfono: 222 123 4567']);
    expect(onlyPhone.lists).toEqual([null]);
    const onlyFacebook = parse(
      contactColumnHtml({ ...NO_BUSINESS_CONTACT, facebookUrl: 'https://www.facebook.com/salacomun' }),
    );
    expect(onlyFacebook.heading).toBe('Contacto');
    expect(onlyFacebook.links.map((link) => link.name)).toEqual(['Facebook de Sala Común']);
    expect(onlyFacebook.lists).toEqual(['Síguenos']);
  });

  it('escapes what it prints: a link cannot close its attribute or open a tag', () => {
    const html = contactColumnHtml({
      ...NO_BUSINESS_CONTACT,
      instagramUrl: 'https://www.instagram.com/x"><script>alert(1)</script>',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      'href="https://www.instagram.com/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    const { links } = parse(html);
    expect(links[0]!.href).toBe('https://www.instagram.com/x"><script>alert(1)</script>');
  });

  it('has a field of every kind in the sample the build inlines the styles of', () => {
    expect(parse(contactColumnHtml(EVERY_CONTACT_FIELD)).links).toHaveLength(4);
  });
});

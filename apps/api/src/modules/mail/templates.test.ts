import { describe, expect, it } from 'vitest';
import type { PosReceipt } from '../../ports/notify';
import {
  emailChangedEmail,
  LOGO_CID,
  newClientRegisteredEmail,
  newReservationAdminEmail,
  passwordResetEmail,
  paymentPendingEmail,
  posReceiptEmail,
  purchaseReceiptEmail,
  reservationCancelledEmail,
  reservationConfirmedEmail,
  sessionReminderEmail,
} from './templates';

const facts = {
  holderName: 'Ana <López>',
  cityName: 'Ciudad de México',
  branchName: 'Valle',
  roomName: 'Sala 2',
  when: 'lunes 23 de noviembre de 2026, de 10:00 a 11:00',
};

const receipt: PosReceipt = {
  folio: 123,
  createdAt: new Date('2030-01-07T18:05:00Z'),
  branchName: 'Valle',
  cashierName: 'Rosa Caja',
  items: [
    { name: 'Paquete 5 sesiones', quantity: 2, unitPriceCents: 50_000, credits: 5 },
    { name: 'Café', quantity: 1, unitPriceCents: 3_500, credits: 0 },
  ],
  totalCents: 103_500,
  paidCashCents: 110_000,
  paidCardCents: 0,
  paidTransferCents: 0,
  changeCents: 6_500,
  creditsGranted: 10,
  client: { name: 'Luis Pérez', email: 'luis@example.test' },
};

const all = [
  newClientRegisteredEmail(
    'admin@x.test',
    { name: 'Ana', email: 'ana@x.test', phone: '5512345678' },
    'https://a/u',
  ),
  passwordResetEmail('ana@x.test', 'Ana', 'https://a/r?t=1'),
  reservationConfirmedEmail('ana@x.test', facts, 'BEGIN:VCALENDAR', 'https://a/perfil'),
  newReservationAdminEmail('admin@x.test', { ...facts, bookedBy: null }, 'BEGIN:VCALENDAR', 'https://a/r'),
  reservationCancelledEmail('ana@x.test', { ...facts, refunded: 1 }, 'BEGIN:VCALENDAR'),
  sessionReminderEmail('ana@x.test', facts, 'abc', 'https://a/perfil'),
  purchaseReceiptEmail(
    'ana@x.test',
    {
      name: 'Ana',
      folio: 7,
      lines: [{ name: 'Paquete', quantity: 1, amount: '$500' }],
      totalCents: 50_000,
      credits: 5,
      balance: 7,
    },
    'https://a/p',
  ),
  posReceiptEmail(receipt, 'https://a/p')!,
  emailChangedEmail('ana@x.test', { name: 'Ana', newEmail: 'ana.nueva@x.test' }),
];

describe('every e-mail', () => {
  it.each(all.map((email) => [email.subject, email]))(
    '%s: HTML with the inline logo and no outside image, and plain text',
    (_, email) => {
      expect(email.html).toContain(`<img src="cid:${LOGO_CID}"`);
      expect(email.html).not.toMatch(/src="(?!cid:)/);
      expect(email.html).toContain('lang="es-MX"');
      expect(email.text).not.toMatch(/<\/?(p|div|table|tr|td|a|img|h1|body)\b/);
      expect(email.text.trim().endsWith('Sala Común')).toBe(true);
    },
  );

  it('escapes what people typed in the HTML', () => {
    const email = reservationConfirmedEmail('ana@x.test', facts, 'ics', 'https://a/perfil');
    expect(email.html).toContain('Ana &lt;López&gt;');
    expect(email.html).not.toContain('<López>');
  });
});

describe('reservation e-mails', () => {
  it('carry the invitation: REQUEST when booked, CANCEL when cancelled', () => {
    expect(reservationConfirmedEmail('a@x.test', facts, 'ICS', 'u').attachments).toEqual([
      {
        filename: 'reservacion.ics',
        content: 'ICS',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      },
    ]);
    expect(
      reservationCancelledEmail('a@x.test', { ...facts, refunded: 2 }, 'ICS').attachments?.[0],
    ).toMatchObject({
      filename: 'cancelacion.ics',
      contentType: 'text/calendar; charset=utf-8; method=CANCEL',
    });
  });

  it('state zone, branch, room and date (docs/business-rules.md §7), and the reminder has its one key', () => {
    const reminder = sessionReminderEmail('a@x.test', facts, 'session-1', 'https://a/perfil');
    expect(reminder.dedupeKey).toBe('reminder:session-1');
    for (const line of [
      'Zona: Ciudad de México',
      'Sucursal: Valle',
      'Sala: Sala 2',
      `Fecha: ${facts.when}`,
    ]) {
      expect(reminder.text).toContain(line);
    }
  });
});

describe('credits in the e-mails', () => {
  it('agree with their number: 1 crédito, 2 créditos', () => {
    const purchase = { name: 'Ana', folio: 7, lines: [], totalCents: 28_000, credits: 1 };
    expect(purchaseReceiptEmail('a@x.test', { ...purchase, balance: 1 }, 'u').text).toContain(
      'Saldo: 1 crédito\n',
    );
    expect(purchaseReceiptEmail('a@x.test', { ...purchase, balance: 2 }, 'u').text).toContain(
      'Saldo: 2 créditos',
    );
    expect(reservationCancelledEmail('a@x.test', { ...facts, refunded: 1 }, 'ICS').text).toContain(
      'Te devolvimos 1 crédito.',
    );
    expect(reservationCancelledEmail('a@x.test', { ...facts, refunded: 2 }, 'ICS').text).toContain(
      'Te devolvimos 2 créditos.',
    );
  });
});

describe('the point-of-sale receipt', () => {
  it('lists the items, the total, how it was paid, the change and the credits', () => {
    const email = posReceiptEmail(receipt, 'https://reservas.example.mx/perfil/mis-pedidos')!;
    expect(email.to).toBe('luis@example.test');
    expect(email.subject).toBe('Recibo de tu compra en Valle');
    const text = email.text.replace(/\u00a0/g, ' ');
    expect(text).toContain('Paquete 5 sesiones · × 2 · $500 · 5 · $1,000');
    expect(text).toContain('Café · × 1 · $35 · 0 · $35');
    expect(text).toContain('Total: $1,035');
    // Decision 023: prices include IVA; the receipt says how much ($1,035 − $892.24).
    expect(text).toContain('IVA incluido (16 %): $142.76');
    expect(text).toContain('Efectivo: $1,100');
    expect(text).toContain('Cambio: $65');
    expect(text).not.toContain('Tarjeta');
    expect(text).toContain('Créditos agregados: 10');
    expect(text).toContain('Atendió: Rosa Caja');
    expect(text).toContain('Fecha: lunes 7 de enero de 2030, 12:05');
    // The folio people read (issue 39), never the order's internal id.
    expect(text).toContain('Folio: A-00123');
  });

  it('is not written for a client without an e-mail address', () => {
    expect(posReceiptEmail({ ...receipt, client: { name: 'Mostrador', email: null } }, 'u')).toBeNull();
  });
});

describe('the store’s e-mails (issue 39)', () => {
  it('name the order by its folio, as the client reads it on /resumen and Mis pedidos', () => {
    const lines = [{ name: 'Paquete', quantity: 1, amount: '$500' }];
    const receipt = purchaseReceiptEmail(
      'a@x.test',
      { name: 'Ana', folio: 7, lines, totalCents: 50_000, credits: 5, balance: 5 },
      'u',
    );
    expect(receipt.text).toContain('Folio: A-00007');
    const voucher = paymentPendingEmail(
      'a@x.test',
      {
        name: 'Ana',
        folio: 123_456,
        lines,
        totalCents: 50_000,
        credits: 5,
        instructions: {
          kind: 'oxxo',
          number: '93000012345678901234',
          hostedUrl: null,
          expiresAt: '2030-01-10T05:59:00.000Z',
        },
      },
      'u',
    );
    expect(voucher.text).toContain('Folio: A-123456');
  });

  it('show the OXXO reference and the CLABE in groups of four that wrap on a phone; their text keeps them whole', () => {
    const order = { name: 'Ana', folio: 9, lines: [], totalCents: 50_000, credits: 5 };
    const expiresAt = '2030-01-10T05:59:00.000Z';
    const number = '93000262280785070190123456789012';
    const oxxo = paymentPendingEmail(
      'a@x.test',
      { ...order, instructions: { kind: 'oxxo', number, hostedUrl: null, expiresAt } },
      'u',
    );
    const group = (digits: string) =>
      `<span style="display:inline-block;margin-right:0.5em;white-space:nowrap">${digits}</span>`;
    expect(oxxo.html).toContain(
      `${group('9300')}${group('0262')}${group('2807')}${group('8507')}${group('0190')}${group('1234')}${group('5678')}${group('9012')}</td>`,
    );
    expect(oxxo.text).toContain(`Número de referencia OXXO: ${number}`);
    const clabe = '646180157000000004';
    const spei = paymentPendingEmail(
      'a@x.test',
      {
        ...order,
        instructions: {
          kind: 'spei',
          clabe,
          bankName: 'STP',
          reference: '1234567',
          hostedUrl: null,
          expiresAt,
        },
      },
      'u',
    );
    expect(spei.html).toContain(
      `${group('6461')}${group('8015')}${group('7000')}${group('0000')}${group('04')}</td>`,
    );
    expect(spei.text).toContain(`CLABE: ${clabe}`);
    // A short reference stays as it is.
    expect(spei.html).toContain('>1234567</td>');
  });
});

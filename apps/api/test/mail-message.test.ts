import { describe, expect, it } from 'vitest';
import { oxxoBarcodePng } from '../src/lib/barcode';
import type { ClaimedEmail } from '../src/modules/mail/outbox.repository';
import { toMailMessage } from '../src/modules/mail/outbox.worker';
import { LOGO_CID, OXXO_BARCODE_CID } from '../src/modules/mail/templates';
import { readCode128 } from './barcode-reader';

const from = { name: 'Sala Común', email: 'hola@example.mx' };
const reference = '93000262280785070190123456789012';
const row = (attachments: ClaimedEmail['attachments']): ClaimedEmail => ({
  id: 'correo1',
  to: 'ana@example.test',
  subject: 'Tu ficha de pago OXXO · Sala Común',
  html: `<img src="cid:${LOGO_CID}"><img src="cid:${OXXO_BARCODE_CID}">`,
  text: reference,
  attachments,
  headers: {},
  attempts: 1,
});
const inline = async (attachments: ClaimedEmail['attachments']) =>
  (await toMailMessage(row(attachments), from)).attachments.find((file) => file.cid === OXXO_BARCODE_CID);

describe('the message the mail server receives (decision 043)', () => {
  it('draws an OXXO reference the row holds as its barcode, inline, when it is delivered', async () => {
    const message = await toMailMessage(
      row([
        {
          filename: 'referencia-oxxo.png',
          contentType: 'image/png',
          cid: OXXO_BARCODE_CID,
          oxxoBarcode: reference,
        },
      ]),
      from,
    );
    expect(message.messageId).toBe('<correo1@example.mx>');
    const barcode = message.attachments.find((file) => file.cid === OXXO_BARCODE_CID)!;
    expect(barcode).toMatchObject({ filename: 'referencia-oxxo.png', contentType: 'image/png' });
    expect(barcode).not.toHaveProperty('oxxoBarcode');
    expect(await readCode128(barcode.content as Buffer)).toBe(reference);
    // The logo still rides along.
    expect(message.attachments.map((file) => file.cid)).toEqual([OXXO_BARCODE_CID, LOGO_CID]);
  });

  it('still delivers a row written before it, whose PNG is stored in base64', async () => {
    const { png } = await oxxoBarcodePng(reference);
    const stored = await inline([
      {
        filename: 'referencia-oxxo.png',
        content: png.toString('base64'),
        encoding: 'base64',
        contentType: 'image/png',
        cid: OXXO_BARCODE_CID,
      },
    ]);
    expect(stored).not.toHaveProperty('encoding');
    expect(Buffer.compare(stored!.content as Buffer, png)).toBe(0);
  });

  it('passes a text attachment (an .ics) through as it is', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const message = await toMailMessage(
      row([{ filename: 'reservacion.ics', content: ics, contentType: 'text/calendar; method=REQUEST' }]),
      from,
    );
    expect(message.attachments[0]).toEqual({
      filename: 'reservacion.ics',
      content: ics,
      contentType: 'text/calendar; method=REQUEST',
    });
  });
});

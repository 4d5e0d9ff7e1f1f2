import { describe, expect, it } from 'vitest';
import { oxxoBarcodePng, oxxoBarcodeSize } from '../src/lib/barcode';
import { readCode128 } from './barcode-reader';

describe('the OXXO barcode', () => {
  // Stripe's 32-digit references, shorter and odd-length ones (Code 128 switches code sets) and letters.
  const references = ['93000262280785070190123456789012', '1234', '123456789012345', 'ABC-123', '0'];

  it.each(references)(
    'knows the size of %s before drawing it: the PNG has exactly that size',
    async (reference) => {
      const drawn = await oxxoBarcodePng(reference);
      expect(oxxoBarcodeSize(reference)).toEqual({ width: drawn.width, height: drawn.height });
      // The IHDR's figures, read independently of the drawing.
      expect(drawn.png.readUInt32BE(16)).toBe(drawn.width);
    },
  );

  it('draws what a scanner reads back', async () => {
    const reference = references[0]!;
    expect(await readCode128((await oxxoBarcodePng(reference)).png)).toBe(reference);
  });

  it('sizes a longer reference wider', () => {
    expect(oxxoBarcodeSize('ABCDEFGHIJ').width).toBeGreaterThan(oxxoBarcodeSize('ABC').width);
  });
});

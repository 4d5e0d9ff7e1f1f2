import zxing from '@zxing/library';
import sharp from 'sharp';

// A CommonJS package: its names come from the default export under Node's ESM loader.
const { BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } = zxing;

/**
 * What a cashier's scanner reads from an image (PNG, or an SVG sharp rasterises): the text of the Code 128 barcode
 * in it, read by ZXing, never by the library that drew it. Throws when there is none to read.
 */
export async function readCode128(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luminances = new Uint8ClampedArray(data.buffer, data.byteOffset, info.width * info.height);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminances, info.width, info.height)),
  );
  const hints = new Map<zxing.DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
  return new Code128Reader().decode(bitmap, hints).getText();
}

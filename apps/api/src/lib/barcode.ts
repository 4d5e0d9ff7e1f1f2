import { oxxoBarcodeOptions } from '@sala/shared/store/oxxo-barcode';
import bwipjs from 'bwip-js/node';

export type BarcodeImage = { png: Buffer; width: number; height: number };

/**
 * An OXXO reference as a PNG barcode (decision 023), for mail clients, which show an inline image but not an SVG.
 * Three pixels a module: sharp enough for a phone screen held at the scanner and for a printer.
 */
export async function oxxoBarcodePng(reference: string): Promise<BarcodeImage> {
  const png = await bwipjs.toBuffer({ ...oxxoBarcodeOptions(reference), scale: 3 });
  // The PNG's IHDR chunk: width and height, big-endian, right after the signature and the chunk's header.
  return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

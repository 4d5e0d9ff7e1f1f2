import { oxxoBarcodeOptions } from '@sala/shared/store/oxxo-barcode';
import bwipjs from 'bwip-js/node';

export type BarcodeSize = { width: number; height: number };
export type BarcodeImage = BarcodeSize & { png: Buffer };

/** Three pixels a module: sharp enough for a phone screen held at the scanner and for a printer. */
const options = (reference: string) => ({ ...oxxoBarcodeOptions(reference), scale: 3 });

/**
 * An OXXO reference as a PNG barcode (decision 023), for mail clients, which show an inline image but not an SVG.
 * Drawn when the e-mail is delivered (decision 043): about 6 ms of the main thread and a deflate.
 */
export async function oxxoBarcodePng(reference: string): Promise<BarcodeImage> {
  const png = await bwipjs.toBuffer(options(reference));
  // The PNG's IHDR chunk: width and height, big-endian, right after the signature and the chunk's header.
  return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const nothing = () => {};

/**
 * The pixels `oxxoBarcodePng` will draw, for the e-mail's `<img width height>`: bwip-js encodes the reference and
 * lays it out, and this drawing keeps only the size it is given (padding added, as bwip-js's own drawings do), with
 * no bitmap and no PNG (about a fifth of the cost).
 */
export function oxxoBarcodeSize(reference: string): BarcodeSize {
  let padding = { x: 0, y: 0 };
  let size: BarcodeSize = { width: 0, height: 0 };
  return bwipjs.render(options(reference), {
    setopts: (normalized) => {
      const { paddingleft = 0, paddingright = 0, paddingtop = 0, paddingbottom = 0 } = normalized;
      padding = { x: paddingleft + paddingright, y: paddingtop + paddingbottom };
    },
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: (width, height) => {
      size = { width: width + padding.x, height: height + padding.y };
    },
    line: nothing,
    polygon: nothing,
    hexagon: nothing,
    ellipse: nothing,
    fill: nothing,
    text: nothing,
    end: () => size,
  });
}

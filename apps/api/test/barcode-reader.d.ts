/**
 * What a cashier's scanner reads from an image (PNG, or an SVG sharp rasterises): the text of the Code 128 barcode
 * in it, read by ZXing, never by the library that drew it. Throws when there is none to read.
 */
export declare function readCode128(image: Buffer): Promise<string>;

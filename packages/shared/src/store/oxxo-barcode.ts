/**
 * How an OXXO voucher's reference is drawn as a barcode (decision 023), the same on screen (an SVG drawn in the
 * browser) and in the e-mail (a PNG drawn by the server): Code 128 of the reference exactly as the voucher gives it,
 * which is what the cashier's scanner reads, with the quiet zone of ten modules on each side that a scanner needs and
 * no line of digits under it (the page and the e-mail print the grouped number beside it). bwip-js's options.
 */
export const oxxoBarcodeOptions = (reference: string) => ({
  bcid: 'code128',
  text: reference,
  /** Bar height in millimetres at scale 1. */
  height: 14,
  paddingwidth: 10,
  paddingheight: 2,
  backgroundcolor: 'FFFFFF',
});

/** What a screen reader or a mail client without images says instead of the barcode. */
export const oxxoBarcodeAlt = (reference: string) => `Código de barras de la referencia ${reference}`;

import { oxxoBarcodeAlt, oxxoBarcodeOptions } from '@sala/shared/store/oxxo-barcode';
// Only Code 128 and the SVG drawing: the rest of bwip-js's symbologies stay out of this chunk.
import { code128, drawingSVG } from 'bwip-js/browser';
import { useMemo } from 'react';

/**
 * An OXXO reference as the barcode the cashier scans (decision 023), drawn in the browser as an SVG image: sharp at
 * any size, on screen and on paper. Its own lazy chunk (payment-instructions.tsx): only an OXXO voucher loads it.
 */
export default function OxxoBarcode({ reference }: { reference: string }) {
  const src = useMemo(() => {
    const svg = code128(oxxoBarcodeOptions(reference), drawingSVG());
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [reference]);
  return (
    <img
      src={src}
      alt={oxxoBarcodeAlt(reference)}
      data-testid="voucher-barcode"
      className="block h-20 w-full max-w-md bg-white object-contain object-left sm:h-24"
    />
  );
}

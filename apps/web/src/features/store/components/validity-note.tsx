import { validityLabel } from '@sala/shared/credits/validity-label';

/** 'Vigencia: 60 días' under a package whose credits expire (issue 44); nothing for credits that never expire. */
export function ValidityNote({
  validityDays,
  className,
}: {
  validityDays: number | null | undefined;
  className?: string;
}) {
  const label = validityLabel(validityDays);
  if (!label) return null;
  // Classes joined by hand: components/ui's cx would make the landing's catalog share a chunk with the booking
  // wizard, one more for the wizard to wake with (bench/public-js.mjs).
  return <p className={`text-xs font-medium text-muted ${className ?? ''}`}>{label}</p>;
}

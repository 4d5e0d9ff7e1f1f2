import type { TLegalResponse } from '@sala/shared/legal/legal.contract';
import { legalMessages } from '@sala/shared/legal/legal.messages';
import type { ReactNode } from 'react';

/** What the documents lack, if anything: no facts at all, or the demo's examples still in them. */
export function legalFactsWarning(legal: TLegalResponse | undefined): string | null {
  if (!legal) return null;
  if (!legal.facts) return legalMessages.notSet;
  return legal.isExample ? legalMessages.stillExample : null;
}

/**
 * The yellow notice of /admin and Datos legales while the notice and the terms do not name the business yet;
 * nothing once they do.
 */
export function LegalFactsNotice({
  legal,
  children,
}: {
  legal: TLegalResponse | undefined;
  children?: ReactNode;
}) {
  const warning = legalFactsWarning(legal);
  if (!warning) return null;
  return (
    <div
      role="note"
      data-testid="legal-facts-notice"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>{warning}</p>
      {children}
    </div>
  );
}

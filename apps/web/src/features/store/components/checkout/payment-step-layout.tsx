import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/link-button';

/** Back to step 1 ('Datos personales'). */
export function BackToDataButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" onClick={onClick} className="-ml-2">
      <ArrowLeft aria-hidden className="size-4" /> Volver a mis datos
    </Button>
  );
}

/** Step 2's frame: the method's panel and the way back; the purchase's summary beside them on wide screens. */
export function PaymentStepLayout({
  back,
  summary,
  children,
}: {
  back: ReactNode;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const main = (
    <div className="space-y-4">
      {children}
      {back}
    </div>
  );
  if (!summary) return main;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      {main}
      {summary}
    </div>
  );
}

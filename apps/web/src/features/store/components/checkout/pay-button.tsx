import { Lock } from 'lucide-react';
import { Button } from '../../../../components/ui/link-button';

/** The card form's submit: 'Pagar $4,800' with a lock, 'Procesando pago…' while it runs. */
export function PayButton({
  totalLabel,
  paying,
  disabled,
}: {
  totalLabel: string;
  paying: boolean;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" size="lg" loading={paying} disabled={disabled} className="w-full">
      {paying ? (
        'Procesando pago…'
      ) : (
        <>
          <Lock aria-hidden className="size-4" />
          Pagar {totalLabel}
        </>
      )}
    </Button>
  );
}

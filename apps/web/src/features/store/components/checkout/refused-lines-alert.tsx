import type { CartItem } from '@sala/shared/cart/cart.rules';
import { useQueryClient } from '@tanstack/react-query';
import { Button, LinkButton } from '../../../../components/ui/link-button';
import { catalogQuery } from '../../api/get-catalog';
import { cartActions } from '../../hooks/use-cart';
import { PaymentAlert } from './payment-alert';

export type RefusedLine = { item: CartItem; message: string };

/** Which lines of the request the API refused (409, `fields['items.<index>']`), by product. */
export function refusedLines(fields: Record<string, string> | undefined, items: readonly CartItem[]) {
  return Object.entries(fields ?? {}).flatMap(([field, message]): RefusedLine[] => {
    const index = /^items\.(\d+)$/.exec(field)?.[1];
    const item = index === undefined ? undefined : items[Number(index)];
    return item ? [{ item, message }] : [];
  });
}

/** Products the server no longer sells: named, and taken out of the cart to go on (or the cart to review). */
export function RefusedLinesAlert({ refused }: { refused: RefusedLine[] }) {
  const queryClient = useQueryClient();
  return (
    <PaymentAlert message={refused[0]!.message}>
      {refused.length > 1 && (
        <ul className="list-disc pl-4">
          {refused.slice(1).map(({ item, message }) => (
            <li key={item.id}>{message}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2 pt-2">
        <Button
          variant="danger"
          size="sm"
          onClick={() => {
            cartActions.removeMany(refused.map(({ item }) => item.id));
            void queryClient.invalidateQueries({ queryKey: catalogQuery().queryKey });
          }}
        >
          Quitar del carrito y continuar
        </Button>
        <LinkButton to="/mi-carrito" theme="black" size="sm">
          Ir a mi carrito
        </LinkButton>
      </div>
    </PaymentAlert>
  );
}

import type { TPublicProduct } from '@sala/shared/catalog/catalog.contract';
import { commonMessages } from '@sala/shared/errors/messages';
import { useDeferredValue } from 'react';
import { cardGridColumns } from '../../../components/ui/card-grid';
import { useCatalog } from '../api/get-catalog';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { ProductCard } from './product-card';

function ProductGrid({
  products,
  onAdd,
}: {
  products: TPublicProduct[];
  onAdd: (p: TPublicProduct) => void;
}) {
  return (
    <div className={`mt-8 grid gap-6 ${cardGridColumns(products.length)}`}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} onAdd={onAdd} />
      ))}
    </div>
  );
}

/** Credit packages and 'Nuestros Servicios', as sold online (docs/business-rules.md §4). */
export function CatalogSections() {
  // The cards render as a transition when the catalogue arrives: React slices the work and yields to the browser,
  // where the query's own update is one blocking task (over 50 ms on a throttled phone; issue 25).
  const catalog = useDeferredValue(useCatalog());
  const onAdd = useAddToCart(catalog.data);

  if (catalog.isPending) {
    return (
      <p className="py-16 text-center text-muted" role="status">
        {commonMessages.loading}
      </p>
    );
  }
  if (catalog.isError) {
    return (
      <p className="py-16 text-center text-red-700" role="alert">
        No pudimos cargar los paquetes. {commonMessages.somethingWentWrong}
      </p>
    );
  }

  return (
    <>
      <section id="paquetes" aria-labelledby="paquetes-titulo" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="paquetes-titulo" className="font-display text-3xl font-semibold text-brand-800 sm:text-4xl">
          Paquetes de créditos
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          Cada crédito es una hora de consultorio. Compra en línea y reserva cuando lo necesites.
        </p>
        {catalog.data.packages.length > 0 ? (
          <ProductGrid products={catalog.data.packages} onAdd={onAdd} />
        ) : (
          <p className="mt-8 text-muted">Por ahora no hay paquetes a la venta.</p>
        )}
      </section>
      {catalog.data.services.length > 0 && (
        <section id="servicios" aria-labelledby="servicios-titulo" className="bg-sand-100/60">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2
              id="servicios-titulo"
              className="font-display text-3xl font-semibold text-brand-800 sm:text-4xl"
            >
              Nuestros Servicios
            </h2>
            <p className="mt-2 max-w-2xl text-muted">Todo lo que tu consulta necesita, además del espacio.</p>
            <ProductGrid products={catalog.data.services} onAdd={onAdd} />
          </div>
        </section>
      )}
    </>
  );
}

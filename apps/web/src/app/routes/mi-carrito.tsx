import { HeroBanner } from '../../components/ui/hero-banner';
import { CartView } from '../../features/store/components/cart-view';

export default function CartPage() {
  return (
    <>
      <title>Mi carrito · Sala Común</title>
      <HeroBanner image="carousel-3" title="Mi carrito" />
      <section className="mx-auto max-w-5xl px-4 py-12">
        <CartView />
      </section>
    </>
  );
}

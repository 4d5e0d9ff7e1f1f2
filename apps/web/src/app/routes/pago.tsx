import { useState } from 'react';
import { Navigate } from 'react-router';
import { HeroBanner } from '../../components/ui/hero-banner';
import { PageLoader } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';
import { EditProfileDialog } from '../../features/me/components/edit-profile-dialog';
import { checkoutRedirect } from '../../features/store/checkout-guard';
import { CheckoutView } from '../../features/store/components/checkout/checkout-view';
import { useCart } from '../../features/store/hooks/use-cart';
import { usePurchaseSummary } from '../../features/store/purchase-summary';

export default function CheckoutPage() {
  const { user, isLoading } = useSession();
  const cart = useCart();
  const summary = usePurchaseSummary();
  const [editing, setEditing] = useState(false);
  if (isLoading) return <PageLoader />;
  const redirect = checkoutRedirect({
    loggedIn: !!user,
    cartItemCount: cart.items.length,
    hasSummary: !!summary,
  });
  if (redirect || !user) return <Navigate to={redirect ?? '/comprar'} replace />;

  return (
    <>
      <title>Pago · Sala Común</title>
      <HeroBanner image="carousel-3" title="Pago" />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-12">
        <CheckoutView user={user} onEditProfile={() => setEditing(true)} />
      </div>
      {/* 'Corregir mis datos' edits the profile here, so the client never leaves the payment. */}
      <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
    </>
  );
}

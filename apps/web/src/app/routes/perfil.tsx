import { formatCredits } from '@sala/shared/format/credits';
import { PencilLine } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DetailList } from '../../components/ui/detail-list';
import { HeroBanner } from '../../components/ui/hero-banner';
import { Button } from '../../components/ui/link-button';
import { useSession } from '../../features/auth/api/get-session';
import { RequireSession } from '../../features/auth/components/require-session';
import { SecuritySection } from '../../features/auth/components/security-section';
import { MyCalendarFeedSection } from '../../features/calendar-feeds/components/my-calendar-feed';
import { FiscalProfileSection } from '../../features/invoicing/components/my-fiscal-profile';
import { PurchaseInvoice } from '../../features/invoicing/components/purchase-invoice';
import { EditProfileDialog } from '../../features/me/components/edit-profile-dialog';
import { MyCreditLots } from '../../features/me/components/my-credit-lots';
import { MyDataSection } from '../../features/me/components/my-data-section';
import { MySeries } from '../../features/me/components/my-series';
import { MyWaitlist } from '../../features/me/components/my-waitlist';
import { PurchaseHistory } from '../../features/me/components/purchase-history';
import { SessionHistory } from '../../features/me/components/session-history';
import { MyWhatsAppSection } from '../../features/whatsapp/components/my-whatsapp';
import { useAppLocation } from '../../lib/navigation';

function Profile({ focus }: { focus?: 'pedidos' }) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  // A section named by the page (/perfil/mis-pedidos) or by the address (/perfil#seguridad, issue 45).
  const { hash } = useAppLocation();
  const target = focus ?? (hash.slice(1) || undefined);
  useEffect(() => {
    if (target) document.getElementById(target)?.scrollIntoView();
  }, [target]);
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-12">
      <section
        aria-labelledby="perfil-datos"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="perfil-datos" className="font-display text-2xl font-semibold text-brand-800">
            {user.name}
          </h2>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <PencilLine aria-hidden className="size-4" /> Editar mis datos
          </Button>
        </div>
        <DetailList
          className="mt-4"
          items={[
            { label: 'Correo', value: user.email },
            { label: 'Teléfono', value: user.phone },
            {
              label: 'Créditos',
              value: formatCredits(user.credits),
              testId: 'profile-credits',
              emphasis: true,
            },
          ]}
        />
        <MyCreditLots />
      </section>
      <MySeries />
      <MyWaitlist />
      <section id="sesiones" aria-labelledby="sesiones-titulo">
        <h2 id="sesiones-titulo" className="mb-4 font-display text-2xl font-semibold text-brand-800">
          Historial de sesiones
        </h2>
        <SessionHistory />
      </section>
      <section id="pedidos" aria-labelledby="pedidos-titulo" className="scroll-mt-24">
        <h2 id="pedidos-titulo" className="mb-4 font-display text-2xl font-semibold text-brand-800">
          Mis pedidos
        </h2>
        <PurchaseHistory invoiceCell={PurchaseInvoice} />
      </section>
      <FiscalProfileSection defaultEmail={user.email} />
      <MyWhatsAppSection />
      <MyCalendarFeedSection />
      <SecuritySection email={user.email} />
      <MyDataSection user={user} onEditProfile={() => setEditing(true)} />
      <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
    </div>
  );
}

export function ProfilePageContent({ focus }: { focus?: 'pedidos' }) {
  return (
    <>
      <title>Mi perfil · Sala Común</title>
      <HeroBanner image="about" title="Mi perfil" />
      <RequireSession>
        <Profile focus={focus} />
      </RequireSession>
    </>
  );
}

export default function ProfilePage() {
  return <ProfilePageContent />;
}

import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import { HeroBanner } from '../../components/ui/hero-banner';
import { useUnsubscribeReminders } from '../../features/me/api/my-privacy';
import { TokenAction } from '../../features/me/components/token-action';

/** /baja-recordatorios?token=…: the link of every reminder (opposition, issue 27); no login needed. */
export default function UnsubscribeRemindersPage() {
  const unsubscribe = useUnsubscribeReminders();
  return (
    <>
      <title>Dejar de recibir recordatorios · Sala Común</title>
      <HeroBanner image="hero" title="Recordatorios" />
      <div className="mx-auto max-w-xl px-4 py-12">
        <TokenAction
          intro="¿Ya no quieres que te recordemos tus sesiones un día antes? Las confirmaciones de tus reservaciones y tus recibos te seguirán llegando."
          actionLabel="Dejar de recibir recordatorios"
          invalidMessage={m.unsubscribeInvalid}
          mutation={unsubscribe}
        />
      </div>
    </>
  );
}

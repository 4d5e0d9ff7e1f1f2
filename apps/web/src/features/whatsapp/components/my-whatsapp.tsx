import { commonMessages } from '@sala/shared/errors/messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { businessDate, isIsoDate } from '@sala/shared/time/business-time';
import { whatsappMessages as m, WHATSAPP_PURPOSE } from '@sala/shared/whatsapp/whatsapp.messages';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { notify } from '../../../components/ui/toast';
import { saveErrorMessage } from '../../../lib/form-errors';
import { AppLink } from '../../../lib/navigation';
import { useMyWhatsApp, useSetMyWhatsApp } from '../api/whatsapp-api';

const link = 'font-semibold text-brand-700 underline';

/** The notice's version as the notice itself heads it ('del sábado 28 de noviembre de 2026'). */
const versionText = (version: string) =>
  isIsoDate(version) ? `del ${formatCalendarDate(version)}` : version;

/**
 * "Avisos por WhatsApp" in /perfil (issue 43): a voluntary purpose, off until the client ticks it. Ticking it gives
 * the consent, in the privacy notice's own words; unticking it is one click. Where the server has no WhatsApp, the
 * section is not there at all.
 */
export function MyWhatsAppSection() {
  const whatsapp = useMyWhatsApp();
  const save = useSetMyWhatsApp();
  const [refusal, setRefusal] = useState<string>();
  // What the client just asked for, shown at once (in the click's own render) until the server answers.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checkboxId = useId();
  const purposeId = useId();
  const data = whatsapp.data;
  if (!data?.available) return null;

  const toggle = (enabled: boolean) => {
    setRefusal(undefined);
    setAsked(enabled);
    save.mutate(
      { enabled },
      {
        onSettled: () => setAsked(null),
        onSuccess: () => notify.success(enabled ? m.turnedOn : m.turnedOff),
        // Said beside the checkbox, where it stays while the client corrects it (a phone WhatsApp cannot take).
        onError: (error) => setRefusal(saveErrorMessage(error, commonMessages.genericError)),
      },
    );
  };

  return (
    <section
      id="whatsapp"
      aria-labelledby="whatsapp-titulo"
      className="scroll-mt-24 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="whatsapp-titulo" className="font-display text-2xl font-semibold text-brand-800">
        Avisos por WhatsApp
      </h2>
      {data.unreachable && (
        <p
          role="alert"
          className="flex max-w-3xl gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            WhatsApp no pudo entregar los mensajes a {data.number ?? 'tu número'}: revisa que sea tu número de
            WhatsApp. Mientras tanto te seguimos avisando por correo.
          </span>
        </p>
      )}
      <div className="space-y-2">
        <label htmlFor={checkboxId} className="inline-flex cursor-pointer items-center gap-3 font-medium">
          <input
            id={checkboxId}
            type="checkbox"
            className="size-5 accent-brand-700"
            // The click shows at once; the server's answer confirms it (or the refusal puts it back).
            checked={asked ?? data.enabled}
            disabled={save.isPending}
            aria-describedby={purposeId}
            onChange={(event) => toggle(event.target.checked)}
          />
          Quiero recibir avisos por WhatsApp
        </label>
        <p className="text-sm text-muted">
          {data.number === null ? (
            'Te escribiremos al teléfono de tu perfil: revisa en «Editar mis datos» que sea tu número de WhatsApp, a 10 dígitos.'
          ) : data.enabled ? (
            <>
              Te escribimos al <strong className="whitespace-nowrap text-ink">{data.number}</strong>. Si
              cambias de número, corrígelo en «Editar mis datos» y luego desactiva y vuelve a activar los
              avisos.
            </>
          ) : (
            <>
              Te escribiremos al <strong className="whitespace-nowrap text-ink">{data.number}</strong>, el
              teléfono de tu perfil. Si no es tu número de WhatsApp, cámbialo en «Editar mis datos».
            </>
          )}
        </p>
        {data.enabled && data.consentedAt && (
          <p className="text-sm font-medium text-emerald-800">
            Activado el {formatCalendarDate(businessDate(new Date(data.consentedAt)))}
            {data.noticeVersion && ` (aviso de privacidad, versión ${versionText(data.noticeVersion)})`}.
          </p>
        )}
        <RefusalNote role="alert" message={refusal} />
      </div>
      <div id={purposeId} className="max-w-3xl space-y-1 text-sm leading-relaxed text-muted">
        <p>
          Para qué usamos tu número, como lo dice el{' '}
          <AppLink to="/aviso-de-privacidad" className={link}>
            aviso de privacidad
          </AppLink>
          :
        </p>
        <p className="border-l-2 border-brand-200 pl-3 text-ink">{WHATSAPP_PURPOSE}</p>
      </div>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone, PHONE_MAX_TYPED } from '@sala/shared/common/phone';
import { commonMessages } from '@sala/shared/errors/messages';
import {
  type TBusinessContact,
  type TSaveBusinessContactRequest,
  ZSaveBusinessContactRequest,
} from '@sala/shared/legal/legal.contract';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { PageLoader } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useLegal, useSaveContact } from '../api/legal-api';

/** The fields as the form shows them: the phones grouped as people read them, nothing as ''. */
const shown = (contact: TBusinessContact): TSaveBusinessContactRequest => ({
  phone: contact.phone ? formatPhone(contact.phone) : '',
  whatsapp: contact.whatsapp ? formatPhone(contact.whatsapp) : '',
  instagramUrl: contact.instagramUrl ?? '',
  facebookUrl: contact.facebookUrl ?? '',
});

function ContactForm({ contact }: { contact: TBusinessContact }) {
  const save = useSaveContact();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TSaveBusinessContactRequest>({
    resolver: zodResolver(ZSaveBusinessContactRequest),
    defaultValues: shown(contact),
  });
  // Once saved (the query refreshed), the fields show what was stored: '+52 55-1234-5678' reads '55 1234 5678'.
  useEffect(() => reset(shown(contact)), [contact, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      values,
      saveCallbacks({
        success: m.contactSaved,
        fallback: commonMessages.genericError,
        onDone: () => {},
        setError,
      }),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Teléfono y redes" className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Teléfono (opcional)"
        type="tel"
        autoComplete="off"
        maxLength={PHONE_MAX_TYPED}
        placeholder="55 1234 5678"
        hint="Para llamar a la recepción: aparece en el pie de página, en el menú del celular y en cada mensaje que pide comunicarse con la recepción."
        {...register('phone')}
        error={errors.phone?.message}
      />
      <TextField
        label="WhatsApp (opcional)"
        type="tel"
        autoComplete="off"
        maxLength={PHONE_MAX_TYPED}
        placeholder="55 1234 5678"
        hint="El número con el que la recepción contesta mensajes: el enlace abre un chat de WhatsApp."
        {...register('whatsapp')}
        error={errors.whatsapp?.message}
      />
      <TextField
        label="Instagram (opcional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.instagram.com/…"
        hint="La dirección de tu perfil, como la copias del navegador."
        {...register('instagramUrl')}
        error={errors.instagramUrl?.message}
      />
      <TextField
        label="Facebook (opcional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.facebook.com/…"
        hint="La dirección de tu página. Un campo vacío no aparece en el sitio."
        {...register('facebookUrl')}
        error={errors.facebookUrl?.message}
      />
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Guardar teléfono y redes
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/datos-legales, beside the legal facts (issue 39): how clients reach the business. Saved on its own, so the
 * phone can go up before the razón social is at hand. The public pages show a change within seconds.
 */
export function BusinessContactForm() {
  const legal = useLegal();
  return (
    <section
      aria-labelledby="contacto-negocio"
      className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 id="contacto-negocio" className="font-display text-xl font-semibold text-brand-800">
          Teléfono y redes
        </h2>
        <p className="mt-1 text-sm text-muted">
          Cómo te encuentran tus clientes. Cada dato es opcional: el que dejes vacío no aparece en el sitio.
        </p>
      </div>
      {legal.isPending ? (
        <PageLoader />
      ) : legal.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {commonMessages.genericError}
        </p>
      ) : (
        <ContactForm contact={legal.data.contact} />
      )}
    </section>
  );
}

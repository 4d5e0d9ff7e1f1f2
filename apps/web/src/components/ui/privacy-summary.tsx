import { AppLink } from '../../lib/navigation';

const link = 'font-semibold text-brand-700 underline';

/**
 * The simplified privacy notice (LFPDPPP: shown where the data are collected, with the way to the integral one):
 * who uses which data and for what, the one voluntary purpose, and the links to the notice and the terms. The links
 * open in a new tab so a form being filled in stays as it is.
 */
export function PrivacySummary({
  subject = 'tu',
  className,
}: {
  subject?: 'tu' | 'client';
  className?: string;
}) {
  const whose =
    subject === 'tu'
      ? 'tu nombre, tu correo y tu teléfono'
      : 'el nombre, el correo y el teléfono del cliente';
  const reminder =
    subject === 'tu'
      ? 'recordarte tus sesiones (lo puedes desactivar)'
      : 'recordarle sus sesiones (lo puede desactivar)';
  return (
    <p className={className ?? 'text-sm leading-relaxed text-muted'}>
      Sala Común usa {whose} para {subject === 'tu' ? 'tu' : 'su'} cuenta, {subject === 'tu' ? 'tus' : 'sus'}{' '}
      reservas y {subject === 'tu' ? 'tus' : 'sus'} compras, y para {reminder}. Más en el{' '}
      <AppLink to="/aviso-de-privacidad" target="_blank" rel="noopener" className={link}>
        aviso de privacidad
      </AppLink>{' '}
      y los{' '}
      <AppLink to="/terminos" target="_blank" rel="noopener" className={link}>
        términos y condiciones
      </AppLink>
      .
    </p>
  );
}

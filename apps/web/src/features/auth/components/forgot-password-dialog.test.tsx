import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { resetSiteConfig } from '../../../lib/site-config';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { ForgotPasswordDialog } from './forgot-password-dialog';

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'warning').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById('site-config')?.remove();
  resetSiteConfig();
});

const NO_CONTACT = { phone: null, whatsapp: null };

/** The page's configuration as the server writes it: with or without a mail server, and the business's numbers. */
function serverSendsEmail(
  sendsEmail: boolean,
  contact: { phone: string | null; whatsapp: string | null } = NO_CONTACT,
) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'site-config';
  script.textContent = JSON.stringify({ ...contact, instagramUrl: null, facebookUrl: null, sendsEmail });
  document.head.append(script);
  resetSiteConfig();
}

async function requestLink(answer: string, button = 'Enviar enlace') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ message: answer })),
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ForgotPasswordDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Correo electrónico'), 'lucia@example.com');
  await user.click(screen.getByRole('button', { name: button }));
}

describe('ForgotPasswordDialog', () => {
  it('says the link was sent when the server sent it', async () => {
    serverSendsEmail(true);
    await requestLink(m.resetSent);
    expect(screen.getByRole('dialog')).toHaveTextContent('te enviaremos un enlace');
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.resetSent));
    expect(notify.warning).not.toHaveBeenCalled();
  });

  it("says the server's truth when the site sends no e-mail, never that a mail is on its way", async () => {
    serverSendsEmail(false);
    await requestLink(passwordResetMessages.resetNotSent(NO_CONTACT), 'Solicitar enlace');
    // Before sending, too (issue 18, point 12): no promise of an e-mail.
    expect(screen.getByRole('dialog')).toHaveTextContent('Este sitio todavía no envía correos');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('te enviaremos');
    await vi.waitFor(() =>
      expect(notify.warning).toHaveBeenCalledWith(passwordResetMessages.resetNotSent(NO_CONTACT)),
    );
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("tells the client how to reach the reception, with the business's phone and WhatsApp (issue 39)", async () => {
    serverSendsEmail(false, { phone: '5512345678', whatsapp: '5587654321' });
    await requestLink(
      passwordResetMessages.resetNotSent({ phone: '5512345678', whatsapp: '5587654321' }),
      'Solicitar enlace',
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Este sitio todavía no envía correos, así que el enlace no te llegará: solicítalo aquí y comunícate con la recepción (llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321) para que te lo den.',
    );
    expect(dialog).not.toHaveTextContent('personal del consultorio');
  });

  it('without numbers set, sends the client to the branches, whose phones are always published', async () => {
    serverSendsEmail(false);
    await requestLink(passwordResetMessages.resetNotSent(NO_CONTACT), 'Solicitar enlace');
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'comunícate con la recepción de tu sucursal (sus teléfonos están en Sucursales)',
    );
  });
});

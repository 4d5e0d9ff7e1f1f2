import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { resetSiteConfig } from '../../../lib/site-config';
import { jsonResponse } from '../../../test/fixtures';
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

/** The page's configuration as the server writes it: with or without a mail server. */
function serverSendsEmail(sendsEmail: boolean) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'site-config';
  script.textContent = JSON.stringify({ instagramUrl: null, facebookUrl: null, sendsEmail });
  document.head.append(script);
  resetSiteConfig();
}

async function requestLink(answer: string, button = 'Enviar enlace') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ message: answer })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
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
    await requestLink(m.resetNotSent, 'Solicitar enlace');
    // Before sending, too (issue 18, point 12): no promise of an e-mail.
    expect(screen.getByRole('dialog')).toHaveTextContent('Este sitio todavía no envía correos');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('te enviaremos');
    await vi.waitFor(() => expect(notify.warning).toHaveBeenCalledWith(m.resetNotSent));
    expect(notify.success).not.toHaveBeenCalled();
  });
});

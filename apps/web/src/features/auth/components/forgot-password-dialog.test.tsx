import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
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
});

async function requestLink(answer: string) {
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
  await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
}

describe('ForgotPasswordDialog', () => {
  it('says the link was sent when the server sent it', async () => {
    await requestLink(m.resetSent);
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.resetSent));
    expect(notify.warning).not.toHaveBeenCalled();
  });

  it("says the server's truth when the site sends no e-mail, never that a mail is on its way", async () => {
    await requestLink(m.resetNotSent);
    await vi.waitFor(() => expect(notify.warning).toHaveBeenCalledWith(m.resetNotSent));
    expect(notify.success).not.toHaveBeenCalled();
  });
});

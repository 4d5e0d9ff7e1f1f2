import { privacyMessages as pm } from '@sala/shared/privacy/privacy.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { TestRouter } from '../../../test/router';
import { useUnsubscribeReminders } from '../api/my-privacy';
import { TokenAction } from './token-action';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Unsubscribe() {
  const unsubscribe = useUnsubscribeReminders();
  return (
    <TokenAction
      intro="¿Ya no quieres recordatorios?"
      actionLabel="Dejar de recibir recordatorios"
      invalidMessage={pm.unsubscribeInvalid}
      mutation={unsubscribe}
    />
  );
}

function renderAt(url: string, answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TestRouter initialEntries={[url]}>
        <Unsubscribe />
      </TestRouter>
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('a page an e-mail link opens (TokenAction)', () => {
  it('does nothing until the button is pressed, then says what happened', async () => {
    const { fetch, user } = renderAt('/baja-recordatorios?token=abc.def-ghi_jklmnopqrstu', () =>
      jsonResponse({ message: pm.unsubscribed }),
    );
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dejar de recibir recordatorios' }));
    expect(await screen.findByRole('status')).toHaveTextContent(pm.unsubscribed);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ token: 'abc.def-ghi_jklmnopqrstu' });
  });

  it('says the link is not valid without a token, or when the server refuses it', async () => {
    renderAt('/baja-recordatorios', () => jsonResponse({}));
    expect(screen.getByRole('alert')).toHaveTextContent(pm.unsubscribeInvalid);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the server’s refusal', async () => {
    const { user } = renderAt('/baja-recordatorios?token=forged.token-value-0000000000', () =>
      jsonResponse({ error: { code: 'invalid-argument', message: pm.unsubscribeInvalid } }, 400),
    );
    await user.click(screen.getByRole('button', { name: 'Dejar de recibir recordatorios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(pm.unsubscribeInvalid);
  });
});

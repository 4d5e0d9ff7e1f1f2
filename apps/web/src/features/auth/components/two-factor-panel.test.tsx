import type { TTwoFactorStatus } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { useSession } from '../api/get-session';
import { recoveryCodesMessages } from './recovery-codes-dialog';
import { TwoFactorPanel, twoFactorMessages } from './two-factor-panel';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE${String(i).padStart(5, '0')}`);
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `ZYXWV${String(i).padStart(5, '0')}`);

const off = (over: Partial<TTwoFactorStatus> = {}): TTwoFactorStatus => ({
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
  ...over,
});
const on: TTwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-12-03T17:00:00.000Z',
  recoveryCodesLeft: 10,
  required: true,
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let status: TTwoFactorStatus;
let confirmAnswer: (body: { code: string }) => Response;
let slowSession = false;
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const originalClipboard = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');

/** The page around the panel reads the session too (the header): turning the factor on asks for it again. */
function SessionReader() {
  useSession();
  return null;
}

function renderPanel() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (url === '/api/me/two-factor/setup')
        return jsonResponse({ secret: SECRET, uri: 'otpauth://totp/x', qrDataUrl: QR });
      if (url === '/api/me/two-factor/confirm') return confirmAnswer(body);
      if (url === '/api/me/two-factor/recovery-codes') {
        status = { ...status, recoveryCodesLeft: 10 };
        return jsonResponse({ recoveryCodes: NEW_CODES });
      }
      if (url === '/api/me/two-factor/disable') {
        status = off({ required: status.required });
        return new Response(null, { status: 204 });
      }
      if (url === '/api/me/two-factor') return jsonResponse(status);
      if (url === '/api/auth/session') {
        // As over a network: the session answers after the status has been drawn.
        if (slowSession) await new Promise((resolve) => setTimeout(resolve, 100));
        return jsonResponse({ user: sessionClient({ twoFactorEnabled: true }) });
      }
      return jsonResponse({ user: null });
    }),
  );
  // userEvent.setup() installs its own clipboard: ours goes in after it.
  const user = userEvent.setup();
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: { writeText } });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SessionReader />
      <TwoFactorPanel email="sofia@example.com" />
    </QueryClientProvider>,
  );
  return { user, writeText, panel: screen.getByRole('region', { name: 'Verificación en dos pasos' }) };
}

beforeEach(() => {
  slowSession = false;
  calls = [];
  status = off();
  confirmAnswer = () => {
    status = { ...on, required: status.required };
    return jsonResponse({ recoveryCodes: CODES });
  };
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'warning').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (originalClipboard) Object.defineProperty(window.navigator, 'clipboard', originalClipboard);
  else Reflect.deleteProperty(window.navigator, 'clipboard');
});

describe('Verificación en dos pasos (/perfil → Seguridad)', () => {
  it('shows the recovery codes even when the new status ("on") arrives before they are drawn', async () => {
    const { user, panel } = renderPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Activar' }));
    await user.type(await within(panel).findByLabelText('Código de 6 dígitos'), '123456');
    slowSession = true;
    await user.click(within(panel).getByRole('button', { name: 'Confirmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tus códigos de recuperación' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    expect(await within(panel).findByText(/Códigos de recuperación: 10 restantes/)).toBeVisible();
  });

  it('turns it on with the QR image or the secret, then shows the ten recovery codes once', async () => {
    status = off({ required: true });
    const { user, writeText, panel } = renderPanel();
    expect(await within(panel).findByText('Inactiva')).toBeVisible();
    expect(panel).toHaveTextContent(twoFactorMessages.required);

    await user.click(within(panel).getByRole('button', { name: 'Activar' }));
    const img = await within(panel).findByRole('img', { name: 'Código QR para tu app de autenticación' });
    expect(img).toHaveAttribute('src', QR);
    expect(within(panel).getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    // A code that is not six digits is said under the field, and sends nothing.
    const input = within(panel).getByLabelText('Código de 6 dígitos');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '12345');
    await user.click(within(panel).getByRole('button', { name: 'Confirmar' }));
    expect(within(panel).getByText(sm.codeFormat)).toBeVisible();
    expect(calls.some((c) => c.url === '/api/me/two-factor/confirm')).toBe(false);

    await user.type(input, '6');
    await user.click(within(panel).getByRole('button', { name: 'Confirmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tus códigos de recuperación' });
    expect(calls.find((c) => c.url === '/api/me/two-factor/confirm')).toMatchObject({
      method: 'POST',
      body: { code: '123456' },
    });
    expect(notify.success).toHaveBeenCalledWith(twoFactorMessages.enabled);
    const shown = within(within(dialog).getByRole('list', { name: 'Códigos de recuperación' })).getAllByRole(
      'listitem',
    );
    expect(shown.map((item) => item.textContent)).toEqual(CODES);

    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(notify.success).toHaveBeenCalledWith(recoveryCodesMessages.copied);

    const saved: Blob[] = [];
    // jsdom has no object URLs: these two stand in for the browser's.
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:codes';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(recoveryCodesMessages.fileName);
    expect(saved[0]!.type).toBe('text/plain;charset=utf-8');
    const file = await readText(saved[0]!);
    expect(file).toContain('Cuenta: sofia@example.com');
    for (const code of CODES) expect(file).toContain(code);

    // Not closed by Escape: only "Ya los guardé" closes it, and the codes are gone from the page.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Tus códigos de recuperación' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Ya los guardé' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(CODES[0]!)).toBeNull();

    expect(await within(panel).findByText('Activa desde el 3 de diciembre de 2026')).toBeVisible();
    expect(panel).toHaveTextContent('Códigos de recuperación: 10 restantes');
    expect(panel).not.toHaveTextContent(twoFactorMessages.required);
  });

  it('says a wrong first code under the field, to be typed again', async () => {
    confirmAnswer = () =>
      jsonResponse(
        { error: { code: 'invalid-argument', message: sm.codeWrong, fields: { code: sm.codeWrong } } },
        400,
      );
    const { user, panel } = renderPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Activar' }));
    await user.type(await within(panel).findByLabelText('Código de 6 dígitos'), '000000');
    await user.click(within(panel).getByRole('button', { name: 'Confirmar' }));
    expect(await within(panel).findByText(sm.codeWrong)).toBeVisible();
    expect(within(panel).getByLabelText('Código de 6 dígitos')).toHaveValue('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives new recovery codes for a code from the app, and turns it off with a recovery code', async () => {
    status = { ...on, recoveryCodesLeft: 2 };
    const { user, panel } = renderPanel();
    expect(await within(panel).findByText('Códigos de recuperación: 2 restantes')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Generar códigos nuevos' }));
    let dialog = await screen.findByRole('dialog', { name: 'Generar códigos nuevos' });
    expect(dialog).toHaveTextContent(twoFactorMessages.newCodesWarning);
    await user.type(within(dialog).getByLabelText('Código de 6 dígitos'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Generar códigos' }));
    const codes = await screen.findByRole('dialog', { name: 'Tus códigos de recuperación' });
    expect(codes).toHaveTextContent(NEW_CODES[9]!);
    expect(calls.find((c) => c.url === '/api/me/two-factor/recovery-codes')?.body).toEqual({
      code: '654321',
    });
    await user.click(within(codes).getByRole('button', { name: 'Ya los guardé' }));
    expect(await within(panel).findByText('Códigos de recuperación: 10 restantes')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Desactivar' }));
    dialog = await screen.findByRole('dialog', { name: 'Desactivar la verificación en dos pasos' });
    expect(dialog).toHaveTextContent(twoFactorMessages.disableRequired);
    await user.click(within(dialog).getByRole('button', { name: 'Usar un código de recuperación' }));
    await user.type(within(dialog).getByLabelText('Código de recuperación'), 'zyxwv 00003');
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(twoFactorMessages.disabled));
    expect(calls.find((c) => c.url === '/api/me/two-factor/disable')).toMatchObject({
      method: 'POST',
      body: { recoveryCode: 'ZYXWV00003' },
    });
    expect(await within(panel).findByRole('button', { name: 'Activar' })).toBeVisible();
  });
});

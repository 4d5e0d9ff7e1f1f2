import type { TStaffCreateSessionRequest } from '@sala/shared/bookings/bookings.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../../../test/query-client';
import { type HolderValues, StaffHolderFields } from './staff-holder-fields';

function Harness() {
  const form = useForm<HolderValues, unknown, TStaffCreateSessionRequest>({
    defaultValues: { for: 'client', clientId: '', courtesyName: '' },
  });
  return <StaffHolderFields form={form} client={null} onClient={() => {}} />;
}

describe('StaffHolderFields (/admin/reservar, Para)', () => {
  it('says what a courtesy session means for the business, not how it is stored (issue 39)', async () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Harness />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Cortesía' }));
    const name = screen.getByLabelText('Nombre de cortesía');
    expect(name).toHaveAccessibleDescription(
      'Sin costo para nadie: en Reservaciones aparece como cortesía, a este nombre.',
    );
    expect(document.body).not.toHaveTextContent(/Sesion de prueba/i);
  });
});

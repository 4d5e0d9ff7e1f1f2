import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TUser } from '@sala/shared/users/users.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../../../test/query-client';
import { UserFormDialog } from './user-form-dialog';

const person = (role: TUser['role'], id: string): TUser => ({
  id,
  name: 'Julia Ríos',
  email: `${id}@example.test`,
  phone: '5512345678',
  credits: 0,
  role,
  isAdmin: role !== 'user',
  isSuperAdmin: role === 'superadmin',
  isActive: true,
  homeBranchId: null,
  branchOnly: false,
  twoFactorEnabled: false,
  createdAt: '2026-11-21T10:00:00.000Z',
});

function emailFieldFor(actorRole: TUser['role'], userRole: TUser['role']) {
  const actor: TSessionUser = person(actorRole, 'staff');
  render(
    <QueryClientProvider client={testQueryClient()}>
      <UserFormDialog user={person(userRole, 'cliente')} actor={actor} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Correo electrónico');
}

describe('UserFormDialog e-mail field', () => {
  it('is read-only for an admin, even on a client (only a super admin changes it)', () => {
    const field = emailFieldFor('admin', 'user');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAttribute('aria-readonly', 'true');
    expect(screen.getByLabelText('Nombre')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Teléfono')).not.toHaveAttribute('readonly');
  });

  it('is editable for a super admin on a client', () => {
    expect(emailFieldFor('superadmin', 'user')).not.toHaveAttribute('readonly');
  });

  it('is read-only on a staff account, also for a super admin', () => {
    expect(emailFieldFor('superadmin', 'admin')).toHaveAttribute('readonly');
  });
});

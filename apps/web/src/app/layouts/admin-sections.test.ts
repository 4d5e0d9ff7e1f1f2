import { describe, expect, it } from 'vitest';
import { adminSections, canOpen, sectionFor } from './admin-sections';

describe('admin sections', () => {
  it('finds the section of nested paths', () => {
    expect(sectionFor('/admin/usuarios/123')?.label).toBe('Usuarios');
    expect(sectionFor('/admin')?.label).toBe('Panel');
    expect(sectionFor('/admin/salas')?.level).toBe('superadmin');
  });

  it('opens super-admin screens to super admins only and nothing to clients', () => {
    const salas = sectionFor('/admin/salas')!;
    expect(canOpen(salas, 'superadmin')).toBe(true);
    expect(canOpen(salas, 'admin')).toBe(false);
    expect(adminSections.some((s) => canOpen(s, 'user'))).toBe(false);
  });

  it('gives admins the screens of spec §2', () => {
    expect(adminSections.filter((s) => canOpen(s, 'admin')).map((s) => s.label)).toEqual([
      'Panel',
      'Usuarios',
      'Zonas',
      'Consultorios',
      'Punto de venta',
      'Reservaciones',
      'Historial de reservaciones',
    ]);
  });
});

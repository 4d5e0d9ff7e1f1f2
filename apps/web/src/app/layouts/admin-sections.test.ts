import { describe, expect, it } from 'vitest';
import { adminSections, canOpen, menuFor, sectionFor } from './admin-sections';

describe('admin sections', () => {
  it('finds the section of nested paths', () => {
    expect(sectionFor('/admin/usuarios/123')?.label).toBe('Usuarios');
    expect(sectionFor('/admin')?.label).toBe('Panel');
    expect(sectionFor('/admin/corte')?.level).toBe('superadmin');
  });

  it('opens an order’s ticket to every staff member, and the rest of Ordenes to super admins only', () => {
    const ticket = sectionFor('/admin/ordenes/0193f5b2-7c1e-7a00-8000-000000000001/ticket')!;
    expect(ticket.label).toBe('Ticket');
    expect(canOpen(ticket, 'admin')).toBe(true);
    expect(canOpen(ticket, 'user')).toBe(false);
    expect(sectionFor('/admin/ordenes/x/ticket/otra')?.level).toBe('superadmin');
    expect(canOpen(sectionFor('/admin/ordenes')!, 'admin')).toBe(false);
    expect(adminSections).not.toContain(ticket);
  });

  it('opens super-admin screens to super admins only and nothing to clients', () => {
    const corte = sectionFor('/admin/corte')!;
    expect(canOpen(corte, 'superadmin')).toBe(true);
    expect(canOpen(corte, 'admin')).toBe(false);
    expect(adminSections.some((s) => canOpen(s, 'user'))).toBe(false);
  });

  it('gives admins the screens of docs/business-rules.md §2 (Salas and Productos are super-admin pages)', () => {
    expect(
      adminSections
        .filter((s) => canOpen(s, 'admin'))
        .map((s) => s.label)
        .sort(),
    ).toEqual([
      'Consultorios',
      'Historial de reservaciones',
      'Panel',
      'Punto de venta',
      'Reservaciones',
      'Usuarios',
      'Zonas',
    ]);
  });

  it('groups the menu into Operación, Catálogo, Dinero and Administración, each screen once (issue 39)', () => {
    const menu = menuFor('superadmin');
    expect(menu.map((group) => group.label)).toEqual(['Operación', 'Catálogo', 'Dinero', 'Administración']);
    expect(menu.map((group) => group.sections.map((s) => s.label))).toEqual([
      [
        'Panel',
        'Reservar',
        'Reservaciones',
        'Historial de reservaciones',
        'Bloquear hora',
        'Punto de venta',
        'Usuarios',
      ],
      ['Zonas', 'Consultorios', 'Salas', 'Productos'],
      ['Corte', 'Ordenes', 'Gastos', 'Reportes', 'Facturación'],
      ['Mensajes', 'Auditoría', 'Privacidad', 'Importar clientes', 'Datos legales'],
    ]);
    expect(menu.flatMap((group) => group.sections)).toHaveLength(adminSections.length);
  });

  it('leaves out the groups an admin has nothing in', () => {
    expect(menuFor('admin').map((group) => [group.label, group.sections.map((s) => s.label)])).toEqual([
      ['Operación', ['Panel', 'Reservaciones', 'Historial de reservaciones', 'Punto de venta', 'Usuarios']],
      ['Catálogo', ['Zonas', 'Consultorios']],
    ]);
    expect(menuFor('user')).toEqual([]);
  });
});

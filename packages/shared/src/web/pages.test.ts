import { describe, expect, it } from 'vitest';
import { isWebPage } from './pages';

describe('isWebPage', () => {
  it.each([
    ['/', true],
    ['/nosotros', true],
    ['/nosotros/', true],
    ['/perfil/mis-pedidos', true],
    ['/registro/iniciar-sesion', true],
    ['/admin', true],
    ['/admin/usuarios/0199a2b3-0000-7000-8000-000000000000', true],
    ['/admin/cualquier-cosa', true],
    ['/administracion', false],
    ['/no-existe', false],
    ['/nosotros/otra', false],
    ['/perfil/otro', false],
    ['/robots.txt', false],
    ['/assets/index-abc.js', false],
  ])('%s → %s', (path, expected) => {
    expect(isWebPage(path)).toBe(expected);
  });
});

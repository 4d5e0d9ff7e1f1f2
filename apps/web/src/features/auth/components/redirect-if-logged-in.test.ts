import { describe, expect, it } from 'vitest';
import { returnPath } from './redirect-if-logged-in';

describe('returnPath', () => {
  it.each([
    [{ from: '/reserva?zona=1&sala=2' }, '/reserva?zona=1&sala=2'],
    [{ from: 'https://malicioso.example/' }, '/perfil'],
    [{ from: '//malicioso.example/' }, '/perfil'],
    [{ from: 42 }, '/perfil'],
    [null, '/perfil'],
    [undefined, '/perfil'],
  ])('%j → %s', (state, path) => {
    expect(returnPath(state)).toBe(path);
  });
});

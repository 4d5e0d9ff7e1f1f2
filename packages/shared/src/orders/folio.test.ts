import { describe, expect, it } from 'vitest';
import { formatFolio, parseFolioQuery } from './folio';

describe('formatFolio', () => {
  it.each([
    [1, 'A-00001'],
    [123, 'A-00123'],
    [99_999, 'A-99999'],
    [100_000, 'A-100000'],
    [123_456, 'A-123456'],
    [2_147_483_647, 'A-2147483647'],
  ])('%i reads %s', (folio, text) => {
    expect(formatFolio(folio)).toBe(text);
  });
});

describe('parseFolioQuery', () => {
  it.each([
    ['A-00123', { folio: 123, prefixed: true }],
    ['a-123', { folio: 123, prefixed: true }],
    ['A00123', { folio: 123, prefixed: true }],
    ['  A - 123 ', { folio: 123, prefixed: true }],
    ['A-123456', { folio: 123_456, prefixed: true }],
    ['00123', { folio: 123, prefixed: false }],
    ['123', { folio: 123, prefixed: false }],
    ['999999999', { folio: 999_999_999, prefixed: false }],
  ])('%j names folio %j', (query, parsed) => {
    expect(parseFolioQuery(query)).toEqual(parsed);
  });

  it.each([
    'garcía',
    'ana@example.com',
    // A whole phone (ten digits) is a phone, never a folio past what the column holds.
    '5512345678',
    'A-5512345678',
    'A-',
    'B-00123',
    '12 34',
    '0',
    'A-00000',
    '',
  ])('%j names no folio', (query) => {
    expect(parseFolioQuery(query)).toBeNull();
  });

  it('reads back what formatFolio writes', () => {
    for (const folio of [1, 42, 12_345, 987_654])
      expect(parseFolioQuery(formatFolio(folio))).toEqual({ folio, prefixed: true });
  });
});

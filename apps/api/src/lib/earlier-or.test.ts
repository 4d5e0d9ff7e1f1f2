import { describe, expect, it } from 'vitest';
import { earlierOr } from './earlier-or';

const refused = new Error('ya no se vende');

describe('earlierOr', () => {
  it('answers what the key made, even when the work failed', async () => {
    expect(await earlierOr(Promise.resolve('pedido 7'), Promise.reject(refused))).toEqual({
      earlier: 'pedido 7',
    });
  });

  it('answers the work when the key made nothing', async () => {
    expect(await earlierOr(Promise.resolve(undefined), Promise.resolve([1, 2]))).toEqual({ work: [1, 2] });
  });

  it("throws the work's failure when the key made nothing", async () => {
    await expect(earlierOr(Promise.resolve(undefined), Promise.reject(refused))).rejects.toBe(refused);
  });

  it("throws the look-up's failure first (a key reused for another sale)", async () => {
    const reused = new Error('otra venta');
    await expect(earlierOr(Promise.reject(reused), Promise.resolve([]))).rejects.toBe(reused);
  });
});

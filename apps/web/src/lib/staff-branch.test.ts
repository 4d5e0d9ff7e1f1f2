import { describe, expect, it } from 'vitest';
import { EVERY_BRANCH_PARAM, offeredBranches, staffBranchFilter, startingBranchId } from './staff-branch';

const VALLE = { id: 'b1' };
const POLANCO = { id: 'b2' };
const branches = [VALLE, POLANCO];

const nowhere = { homeBranchId: null, branchOnly: false };
const atPolanco = { homeBranchId: POLANCO.id, branchOnly: false };
const onlyPolanco = { homeBranchId: POLANCO.id, branchOnly: true };
/** A home branch that is no longer among the branches. */
const gone = { homeBranchId: 'b9', branchOnly: true };

describe('offeredBranches and startingBranchId', () => {
  it.each([
    ['nobody signed in yet', null, branches, ''],
    ['an account without a home branch', nowhere, branches, ''],
    ['an account at Polanco', atPolanco, branches, POLANCO.id],
    ['an account only at Polanco', onlyPolanco, [POLANCO], POLANCO.id],
    ['an account only at a branch that is gone', gone, [], ''],
  ])('%s', (_, user, offered, start) => {
    expect(offeredBranches(user, branches)).toEqual(offered);
    expect(startingBranchId(user, branches)).toBe(start);
  });

  it('starts on the home branch while the branches load, and offers none yet', () => {
    expect(startingBranchId(atPolanco, undefined)).toBe(POLANCO.id);
    expect(startingBranchId(nowhere, undefined)).toBe('');
    expect(offeredBranches(atPolanco, undefined)).toEqual([]);
  });
});

describe('staffBranchFilter', () => {
  it.each([
    // [case, user, branches, ?sucursal=, shown]
    ['no home branch, nothing asked: every branch', nowhere, branches, null, ''],
    ['no home branch, a branch asked', nowhere, branches, VALLE.id, VALLE.id],
    ['no home branch, an unknown branch: every branch', nowhere, branches, 'b9', ''],
    ['no home branch, loading: the address', nowhere, undefined, 'b9', 'b9'],
    ['home branch, nothing asked: the home branch', atPolanco, branches, null, POLANCO.id],
    ['home branch, another asked', atPolanco, branches, VALLE.id, VALLE.id],
    ['home branch, every branch asked', atPolanco, branches, EVERY_BRANCH_PARAM, ''],
    ['home branch, an unknown branch: the home branch', atPolanco, branches, 'b9', POLANCO.id],
    ['only its branch, nothing asked', onlyPolanco, branches, null, POLANCO.id],
    ['only its branch, another asked', onlyPolanco, branches, VALLE.id, POLANCO.id],
    ['only its branch, every branch asked', onlyPolanco, branches, EVERY_BRANCH_PARAM, POLANCO.id],
    ['only its branch, loading, another asked', onlyPolanco, undefined, VALLE.id, POLANCO.id],
  ])('%s', (_, user, list, asked, shown) => {
    expect(staffBranchFilter(user, list, asked).branchId).toBe(shown);
  });

  it('offers every branch, or only its own to an account with "Solo su sucursal"', () => {
    expect(staffBranchFilter(atPolanco, branches, null)).toMatchObject({ branches, everyBranch: true });
    expect(staffBranchFilter(onlyPolanco, branches, null)).toMatchObject({
      branches: [POLANCO],
      everyBranch: false,
    });
  });

  it('writes every branch as ?sucursal=todas only where the screen starts on a home branch', () => {
    expect(staffBranchFilter(atPolanco, branches, null).param('')).toBe(EVERY_BRANCH_PARAM);
    expect(staffBranchFilter(atPolanco, branches, null).param(VALLE.id)).toBe(VALLE.id);
    expect(staffBranchFilter(nowhere, branches, null).param('')).toBe('');
    expect(staffBranchFilter(null, branches, null).param('')).toBe('');
  });
});

import type {
  TRecoveryCodes,
  TTwoFactorConfirmRequest,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@sala/shared/auth/staff-security.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';
import { setMustEnrolTwoFactor } from './get-session';

/** The app's code or one recovery code, as the contract has read them (second-factor-field.tsx). */
type SecondFactorProof = { code?: string; recoveryCode?: string };

/** GET /api/me/two-factor: whether the second factor is on (since when), the recovery codes left, and if required. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.me.twoFactor,
    queryFn: ({ signal }) => apiRequest<TTwoFactorStatus>('/me/two-factor', { signal }),
  });
}

/**
 * POST /api/me/two-factor/setup: a new secret for the authenticator app (its QR image and the text to type), not in
 * force until a code from the app confirms it. Kept by the screen only: nothing reads it back.
 */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiRequest<TTwoFactorSetup>('/me/two-factor/setup', { method: 'POST' }),
  });
}

/**
 * POST /api/me/two-factor/confirm: the first code from the app turns the second factor on, and the answer holds the
 * ten recovery codes, shown this once. The staff screens open at once (the session says so again).
 */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TTwoFactorConfirmRequest) =>
      apiRequest<TRecoveryCodes>('/me/two-factor/confirm', { method: 'POST', body: input }),
    // Not awaited: the screen that asked must get the codes first. Once the status says "on", the enrolment form
    // leaves the page, and a mutate() callback of a component that left is never called: the codes would be lost.
    onSuccess: () => {
      setMustEnrolTwoFactor(queryClient, false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.twoFactor });
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/** POST /api/me/two-factor/recovery-codes: ten new codes (the old ones stop working), proven with a code. */
export function useNewRecoveryCodes() {
  return useInvalidatingMutation(
    (proof: SecondFactorProof) =>
      apiRequest<TRecoveryCodes>('/me/two-factor/recovery-codes', { method: 'POST', body: proof }),
    [queryKeys.me.twoFactor],
  );
}

/** POST /api/me/two-factor/disable: the second factor off, proven with a code or a recovery code. */
export function useDisableTwoFactor() {
  return useInvalidatingMutation(
    (proof: SecondFactorProof) => apiRequest<void>('/me/two-factor/disable', { method: 'POST', body: proof }),
    [queryKeys.me.twoFactor, queryKeys.session],
  );
}

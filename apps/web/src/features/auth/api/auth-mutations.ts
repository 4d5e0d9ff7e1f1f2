import type {
  TForgotPasswordRequest,
  TLoginDone,
  TLoginRequest,
  TLoginResponse,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import type { TLoginCodeRequest } from '@sala/shared/auth/staff-security.contract';
import type { TAcceptConsentsRequest } from '@sala/shared/legal/legal.contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storageKeys, writeStored } from '../../../lib/local-store';
import { sessionQuery, setMustEnrolTwoFactor } from './get-session';

/**
 * Both steps of a login share this key: a page where a login is under way or done goes on as its form says (the
 * notice to accept, the second factor to turn on), not where a signed-in visitor would be sent
 * (redirect-if-logged-in.tsx).
 */
export const loginMutationKey = ['login'] as const;

/** Whether this page's login form has logged someone in, or is doing so. */
export const loginUnderWay = (client: QueryClient) =>
  client
    .getMutationCache()
    .findAll({ mutationKey: loginMutationKey })
    .some((mutation) => mutation.state.status === 'pending' || mutation.state.status === 'success');

/** The password step either finishes the login or asks for the second factor (issue 45). */
export const isLoginDone = (response: TLoginResponse): response is TLoginDone => 'user' in response;

function rememberLogin(queryClient: QueryClient, done: TLoginDone) {
  writeStored(storageKeys.userDetails, done.user);
  setMustEnrolTwoFactor(queryClient, done.mustEnrolTwoFactor);
  queryClient.setQueryData(sessionQuery().queryKey, done.user);
}

/** POST /api/auth/login: the password step. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: (input: TLoginRequest) =>
      apiRequest<TLoginResponse>('/auth/login', { method: 'POST', body: input }),
    onSuccess: (response) => {
      if (isLoginDone(response)) rememberLogin(queryClient, response);
    },
  });
}

/**
 * POST /api/auth/login/code (issue 45): the second step, with the app's code or a recovery code. A short-lived
 * cookie from the password step says whose login it finishes.
 */
export function useLoginCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: (input: TLoginCodeRequest) =>
      apiRequest<TLoginDone>('/auth/login/code', { method: 'POST', body: input }),
    onSuccess: (done) => rememberLogin(queryClient, done),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: TRegisterRequest) =>
      apiRequest<{ message: string }>('/auth/register', { method: 'POST', body: input }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: TForgotPasswordRequest) =>
      apiRequest<{ message: string }>('/auth/forgot-password', { method: 'POST', body: input }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: TResetPasswordRequest) =>
      apiRequest<{ message: string }>('/auth/reset-password', { method: 'POST', body: input }),
  });
}

/** The signed-in person accepts today's privacy notice and terms (asked at login when a version asks again). */
export function useAcceptConsents() {
  return useMutation({
    mutationFn: (versions: TAcceptConsentsRequest) =>
      apiRequest<{ message: string }>('/me/consents', { method: 'POST', body: versions }),
  });
}

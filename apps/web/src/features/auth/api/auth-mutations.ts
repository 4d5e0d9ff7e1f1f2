import type {
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TAcceptConsentsRequest } from '@sala/shared/legal/legal.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storageKeys, writeStored } from '../../../lib/local-store';
import { sessionQuery } from './get-session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLoginRequest) =>
      apiRequest<{ user: TSessionUser; consentNeeded: boolean }>('/auth/login', {
        method: 'POST',
        body: input,
      }),
    onSuccess: ({ user }) => {
      writeStored(storageKeys.userDetails, user);
      queryClient.setQueryData(sessionQuery().queryKey, user);
    },
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

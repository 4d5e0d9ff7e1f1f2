import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TUpdateMyProfileRequest } from '@sala/shared/users/profile.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionQuery } from '../../auth/api/get-session';

/**
 * PATCH /api/me/profile — answers the session user; the navigation and /pago show the new data at once, and
 * "Avisos por WhatsApp" the number it would use (the profile's phone).
 */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateMyProfileRequest) =>
      apiRequest<TSessionUser>('/me/profile', { method: 'PATCH', body: input }),
    onSuccess: (user) => {
      const key = sessionQuery().queryKey;
      queryClient.setQueryData(key, user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.mine }),
      ]).then(() => undefined);
    },
  });
}

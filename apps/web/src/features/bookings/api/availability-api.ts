import type {
  TAvailabilityDaysResponse,
  TAvailabilityHoursResponse,
  TAvailabilityRoomsResponse,
  TPublicBranch,
} from '@sala/shared/bookings/availability.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Everything availability answers starts with this key: a booking or a cancel refreshes it all. */

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Zones and branches for the wizard's first steps (public). */
export function usePublicBranches() {
  return useQuery({
    queryKey: queryKeys.availability.branches,
    queryFn: ({ signal }) => apiRequest<TPublicBranch[]>('/availability/branches', { signal }),
    staleTime: 60_000,
  });
}

export function useAvailableDays(branchId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.availability.days(branchId),
    queryFn: ({ signal }) =>
      apiRequest<TAvailabilityDaysResponse>(`/availability/days?${query({ branchId: branchId! })}`, {
        signal,
      }),
    enabled: Boolean(branchId),
  });
}

export function useAvailableHours(branchId: string | undefined, date: string | undefined) {
  return useQuery({
    queryKey: queryKeys.availability.hours(branchId, date),
    queryFn: ({ signal }) =>
      apiRequest<TAvailabilityHoursResponse>(
        `/availability/hours?${query({ branchId: branchId!, date: date! })}`,
        {
          signal,
        },
      ),
    enabled: Boolean(branchId && date),
  });
}

export function useAvailableRooms(
  branchId: string | undefined,
  date: string | undefined,
  hour: string | undefined,
) {
  return useQuery({
    queryKey: queryKeys.availability.rooms(branchId, date, hour),
    queryFn: ({ signal }) =>
      apiRequest<TAvailabilityRoomsResponse>(
        `/availability/rooms?${query({ branchId: branchId!, date: date!, hour: hour! })}`,
        { signal },
      ),
    enabled: Boolean(branchId && date && hour),
  });
}

import { commonMessages } from '@sala/shared/errors/messages';
import { ApiError } from '../../lib/api-client';

/**
 * What the wizard does about a refused booking, besides showing the message: offer to buy credits, refresh the
 * rooms (someone took the room), refresh the hours (the hour is no longer bookable, or the holder already has a
 * session then), point at the client picker, or send a visitor whose session ended to the login.
 */
export type RefusalKind = 'credits' | 'room' | 'hour' | 'client' | 'courtesy' | 'login' | 'other';
export type BookingRefusal = { kind: RefusalKind; message: string };

export function bookingRefusal(error: unknown): BookingRefusal {
  if (!(error instanceof ApiError)) return { kind: 'other', message: commonMessages.genericError };
  const { message, fields = {}, status } = error;
  if (status === 401) return { kind: 'login', message };
  if (fields.credits) return { kind: 'credits', message };
  if (fields.roomId) return { kind: 'room', message };
  if (fields.hour) return { kind: 'hour', message };
  if (fields.clientId) return { kind: 'client', message: fields.clientId };
  if (fields.courtesyName) return { kind: 'courtesy', message: fields.courtesyName };
  return { kind: 'other', message };
}

import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { bookingRefusal } from './booking-refusal';

const refused = (message: string, fields?: Record<string, string>, status = 409) =>
  new ApiError('aborted', message, status, fields);

describe('bookingRefusal', () => {
  it.each([
    [refused(m.noCredits, { credits: m.noCredits }), 'credits', m.noCredits],
    [refused(m.needsCredits(2), { credits: m.needsCredits(2) }), 'credits', m.needsCredits(2)],
    [refused(m.sessionTaken, { roomId: m.sessionTaken }), 'room', m.sessionTaken],
    [refused(m.cannotBook, { hour: m.cannotBook }), 'hour', m.cannotBook],
    [refused(m.sameTime, { hour: m.sameTime }), 'hour', m.sameTime],
    [refused(m.clientInactive, { clientId: m.clientInactive }), 'client', m.clientInactive],
    [refused(m.courtesyName, { courtesyName: m.courtesyName }, 400), 'courtesy', m.courtesyName],
    [
      new ApiError('unauthenticated', commonMessages.unauthenticated, 401),
      'login',
      commonMessages.unauthenticated,
    ],
    [refused('Otra cosa'), 'other', 'Otra cosa'],
  ])('%s → %s', (error, kind, message) => {
    expect(bookingRefusal(error)).toEqual({ kind, message });
  });

  it('anything but an API answer gets the default message', () => {
    expect(bookingRefusal(new TypeError('boom'))).toEqual({
      kind: 'other',
      message: commonMessages.genericError,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  bookingSteps,
  choiceToParams,
  chooseStep,
  clearFrom,
  isComplete,
  nextStep,
  readChoice,
  stepsAfter,
  validPrefix,
} from './booking-choice';

const ZONE = '6f0c4a5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f';
const BRANCH = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60';
const ROOM = '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071';
const full = { zona: ZONE, sucursal: BRANCH, dia: '2030-01-07', hora: '10:00', sala: ROOM };

describe('stepsAfter (docs/business-rules.md §4: each choice resets the later ones)', () => {
  it.each([
    ['zona', ['sucursal', 'dia', 'hora', 'sala']],
    ['sucursal', ['dia', 'hora', 'sala']],
    ['dia', ['hora', 'sala']],
    ['hora', ['sala']],
    ['sala', []],
  ] as const)('%s resets %j', (step, later) => {
    expect(stepsAfter(step)).toEqual(later);
  });
});

describe('chooseStep', () => {
  it.each(bookingSteps)('choosing %s keeps the earlier steps and drops the later ones', (step) => {
    const next = chooseStep(full, step, step === 'dia' ? '2030-01-08' : step === 'hora' ? '11:00' : 'otro');
    const index = bookingSteps.indexOf(step);
    for (const earlier of bookingSteps.slice(0, index)) expect(next[earlier]).toBe(full[earlier]);
    for (const later of stepsAfter(step)) expect(next[later]).toBeUndefined();
  });

  it('choosing the same value again changes nothing', () => {
    expect(chooseStep(full, 'dia', full.dia)).toBe(full);
  });

  it('a step cannot be chosen before the ones it depends on', () => {
    const choice = { zona: ZONE };
    expect(chooseStep(choice, 'dia', '2030-01-07')).toBe(choice);
    expect(chooseStep(choice, 'sucursal', BRANCH)).toEqual({ zona: ZONE, sucursal: BRANCH });
  });
});

describe('the URL query', () => {
  it('reads the five choices and writes them back in order', () => {
    const params = choiceToParams(full);
    expect(params.toString()).toBe(
      `zona=${ZONE}&sucursal=${BRANCH}&dia=2030-01-07&hora=10%3A00&sala=${ROOM}`,
    );
    expect(readChoice(params)).toEqual(full);
  });

  it('keeps only the steps up to the first one missing or malformed', () => {
    expect(readChoice(new URLSearchParams({ zona: ZONE, dia: '2030-01-07' }))).toEqual({ zona: ZONE });
    expect(
      readChoice(new URLSearchParams({ zona: ZONE, sucursal: BRANCH, dia: 'mañana', hora: '10:00' })),
    ).toEqual({ zona: ZONE, sucursal: BRANCH });
    expect(readChoice(new URLSearchParams({ zona: 'x', sucursal: BRANCH }))).toEqual({});
    expect(readChoice(new URLSearchParams({ ...full, hora: '10' }))).toEqual({
      zona: ZONE,
      sucursal: BRANCH,
      dia: '2030-01-07',
    });
  });
});

describe('progress', () => {
  it('names the next step, and is complete with all five', () => {
    expect(nextStep({})).toBe('zona');
    expect(nextStep({ zona: ZONE, sucursal: BRANCH })).toBe('dia');
    expect(nextStep(full)).toBeUndefined();
    expect(isComplete(full)).toBe(true);
    expect(isComplete({ ...full, sala: undefined })).toBe(false);
  });

  it('clearFrom drops a step and the later ones', () => {
    expect(clearFrom(full, 'hora')).toEqual({ zona: ZONE, sucursal: BRANCH, dia: '2030-01-07' });
    expect(clearFrom(full, 'zona')).toEqual({});
  });
});

describe('validPrefix', () => {
  it('drops a step the API no longer offers, with every later step', () => {
    expect(validPrefix(full, { zona: true, sucursal: true, dia: false, hora: true, sala: true })).toEqual({
      zona: ZONE,
      sucursal: BRANCH,
    });
    expect(validPrefix(full, { sala: false })).toEqual(clearFrom(full, 'sala'));
  });

  it('keeps a step not checked yet (still loading)', () => {
    expect(validPrefix(full, {})).toEqual(full);
    expect(validPrefix(full, { zona: true, sucursal: undefined, dia: undefined })).toEqual(full);
  });
});

import { beforeEach, vi } from 'vitest';
import { notify } from '../components/ui/toast';

type Tone = keyof typeof notify;

/**
 * The toasts a test file's screens ask for, caught by spies on the real `notify` (none is shown): its own spies,
 * put back before each test, so a file that resets its mocks never reaches the real toaster. A spy, not vi.mock:
 * the file runs in the web project's shared module graph (vitest.config.ts), not isolated with a module of its own.
 */
export function spyOnToasts() {
  const spies = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), neutral: vi.fn() } satisfies Record<
    Tone,
    unknown
  >;
  beforeEach(() => {
    for (const tone of Object.keys(spies) as Tone[]) vi.spyOn(notify, tone).mockImplementation(spies[tone]);
  });
  return spies;
}

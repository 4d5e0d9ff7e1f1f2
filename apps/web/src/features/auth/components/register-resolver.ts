import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterRequest } from '@sala/shared/auth/register.contract';

// Loaded on demand by the registration form (lib/lazy-resolver.ts): zod stays off the page's first load, and the
// registration page builds the registration schema only, not every auth contract's.
export const registerResolver = zodResolver(ZRegisterRequest);

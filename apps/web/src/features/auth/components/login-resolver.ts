import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest } from '@sala/shared/auth/login.contract';

// Loaded on demand by the login form (lib/lazy-resolver.ts): zod stays off the page's first load, and the login
// page builds the login schema only, not every auth contract's.
export const loginResolver = zodResolver(ZLoginRequest);

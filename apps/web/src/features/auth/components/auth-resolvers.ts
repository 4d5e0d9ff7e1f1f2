import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest, ZRegisterRequest } from '@sala/shared/auth/auth.contract';

// Loaded on demand by the login and registration forms (lib/lazy-resolver.ts): zod stays off the pages' first load.
export const loginResolver = zodResolver(ZLoginRequest);
export const registerResolver = zodResolver(ZRegisterRequest);

import fastifyCookie from '@fastify/cookie';
import type { TRole } from '@sala/shared/auth/roles';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { staffSecurityMessages } from '@sala/shared/auth/staff-security.messages';
import { mustEnrolTwoFactor } from '@sala/shared/auth/two-factor.rules';
import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AccountAccess } from '../../context';
import { AppError } from '../../lib/app-error';
import { LOGIN_CODE_TTL_MS, TRUSTED_DEVICE_TTL_MS } from './auth.service';
import { endAccessAfterEmailChange, endLoginsOf, PERSISTENT_LOGIN_MS, resolveLogin } from './logins.service';

/** Who may call a route. Every /api route declares one (checked at boot). */
export type Access = 'public' | TRole;

declare module 'fastify' {
  interface FastifyRequest {
    user: TSessionUser | null;
    sessionTokenHash: string | null;
    /** A login the server ended (the account was deactivated): no user, but the reason for the session route. */
    endedSession: { ended: 'account-disabled'; tokenHash: string } | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A public route whose answer still depends on the session (who is signed in): never cached either. */
    sessionDependent?: boolean;
    /**
     * 'token': a public write authorised by a signed token in the request, never by a cookie (a mail provider's
     * RFC 8058 one-click unsubscribe comes from another site by design): cross-site writes are let through.
     */
    crossSiteWrite?: 'token';
  }
  interface FastifyInstance {
    /** 'METHOD /api/url' → who may call it: the permission table, as the routes declare it. */
    routeAccess: Map<string, Access>;
  }
}

export const SESSION_COOKIE = 'sala_session';
/** Marks a browser where an account has logged in before; only the login reads it (docs/decisions/006). */
export const DEVICE_COOKIE = 'sala_device';

const rank: Record<Access, number> = { public: 0, user: 1, admin: 2, superadmin: 3 };

export function setSessionCookie(reply: FastifyReply, token: string, persistent: boolean, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(persistent ? { maxAge: PERSISTENT_LOGIN_MS / 1000 } : {}),
  });
}

export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: TRUSTED_DEVICE_TTL_MS / 1000,
  });
}

/** The second step of a login (issue 45): which right password waits for its code. */
export const CODE_STEP_COOKIE = 'sala_login_code';

export function setCodeStepCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(CODE_STEP_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: LOGIN_CODE_TTL_MS / 1000,
  });
}

export function clearCodeStepCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(CODE_STEP_COOKIE, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * How a change to an account ends its logins (the request context's `access`): the users module calls these
 * through the context, so it never imports auth.
 */
export const accountAccess: AccountAccess = {
  endLogins: endLoginsOf,
  endAfterEmailChange: endAccessAfterEmailChange,
};

/**
 * Reads the session cookie on every request and enforces the route's declared access before anything else
 * runs: 401 without a session, 403 with too low a role. Ownership checks stay in the services. Answers that
 * depend on the session go out with `Cache-Control: no-store`.
 */
export async function registerAuth(app: FastifyInstance) {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('endedSession', null);

  app.decorate('routeAccess', new Map<string, Access>());
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (!isApi) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} must declare config.access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeAccess.set(`${method} ${route.url}`, access);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) {
      const session = await resolveLogin(app.database.db, token, new Date());
      if (session && 'user' in session) {
        request.user = session.user;
        request.sessionTokenHash = session.tokenHash;
      } else if (session) {
        // A deactivated account's login: refused like none, and kept until GET /api/auth/session says why.
        request.endedSession = session;
      } else {
        clearSessionCookie(reply, app.config.isProduction);
      }
    }

    const access = request.routeOptions.config?.access;
    const mustEnrol = request.user !== null && mustEnrolTwoFactor(request.user, app.config.staffTwoFactor);
    if (access && access !== 'public') {
      if (!request.user) throw new AppError('unauthenticated', commonMessages.unauthenticated);
      if (rank[request.user.role] < rank[access])
        throw new AppError('permission-denied', commonMessages.permissionDenied);
      // Issue 45: a super admin without the second factor (STAFF_2FA=required) reaches no staff route, none of
      // the money or personal data, until it is on; their own account's routes (to turn it on) stay open.
      if (rank[access] >= rank.admin && mustEnrol)
        throw new AppError('permission-denied', staffSecurityMessages.enrolFirst, { secondFactor: 'enrol' });
    }
    // Everywhere else that account acts as a client until then, so no role check inside a route or a service
    // (cancelling anyone's session, reading anyone's profile, the operator's backup) lets the role through. The
    // session route alone tells the truth, so the screens can send the person to turn the factor on.
    if (request.user && mustEnrol && request.routeOptions.url !== '/api/auth/session') {
      request.user = { ...request.user, role: 'user', isAdmin: false, isSuperAdmin: false };
    }
  });

  // An answer that depends on the session (every route that is not public, refusals included) is never kept by
  // the browser or a proxy: another person on the same computer must not get it back from a cache. Public
  // answers keep the caching their routes choose.
  app.addHook('onSend', async (request, reply) => {
    const config = request.routeOptions.config;
    if ((config?.access && config.access !== 'public') || config?.sessionDependent) {
      reply.header('cache-control', 'no-store');
    }
  });
}

import { idField } from '../common/fields';
import { z } from '../common/zod';
import { staffSecurityMessages as m } from './staff-security.messages';

/** RFC 6238 as the authenticator apps show it: 6 digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Ten single-use recovery codes, shown once (stored hashed). */
export const RECOVERY_CODE_COUNT = 10;
/** A browser where the second factor was given, with "Confiar en este navegador", skips it this long. */
export const TRUSTED_BROWSER_DAYS = 30;

/** Spaces and dashes a person types or copies are not part of a code. */
const compact = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

export const totpCodeField = () =>
  z.preprocess(compact, z.string({ error: m.codeRequired }).regex(/^\d{6}$/, m.codeFormat));
export const recoveryCodeField = () =>
  z.preprocess(
    compact,
    z
      .string({ error: m.recoveryFormat })
      .regex(/^[A-Za-z0-9]{10}$/, m.recoveryFormat)
      .toUpperCase(),
  );

/** A code from the app, or one recovery code: exactly one of them. */
const ZSecondFactor = z
  .object({ code: totpCodeField().optional(), recoveryCode: recoveryCodeField().optional() })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, {
    message: m.codeRequired,
    path: ['code'],
  })
  .refine((v) => v.code === undefined || v.recoveryCode === undefined, {
    message: m.oneCodeOnly,
    path: ['code'],
  });

/**
 * POST /api/auth/login/code — the second step of a login that asked for one (the first step's cookie says which):
 * the app's code or a recovery code; `trustBrowser` spares this browser the code for TRUSTED_BROWSER_DAYS.
 */
export const ZLoginCodeRequest = z
  .object({
    code: totpCodeField().optional(),
    recoveryCode: recoveryCodeField().optional(),
    trustBrowser: z.boolean().default(false),
  })
  .and(ZSecondFactor);
/** What the form sends (the codes as typed; the API drops spaces and dashes). */
export type TLoginCodeRequest = { code?: string; recoveryCode?: string; trustBrowser?: boolean };

/** POST /api/me/two-factor/disable and …/recovery-codes — proof that the person still holds the factor. */
export const ZSecondFactorProof = ZSecondFactor;
export type TSecondFactorProof = { code?: string; recoveryCode?: string };

/** GET /api/me/two-factor */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.int().nonnegative(),
  /** This account must have it before the staff screens (STAFF_2FA=required, a super admin). */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/**
 * POST /api/me/two-factor/setup — a new secret for the authenticator app, not in force until confirmed with a
 * code: its otpauth:// address, the same as a QR image (PNG data URL), and as text to type by hand.
 */
export const ZTwoFactorSetup = z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** POST /api/me/two-factor/confirm */
export const ZTwoFactorConfirmRequest = z.object({ code: totpCodeField() });
export type TTwoFactorConfirmRequest = { code: string };

/** The ten recovery codes, shown once (confirming, or asking for new ones). */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** One open login of an account, as /perfil lists it. */
export const ZOpenLogin = z.object({
  id: z.uuid(),
  /** 'Chrome 131', 'Safari', or 'Navegador desconocido'. */
  browser: z.string(),
  /** 'Windows 10', 'iOS 18.1', 'Android 15', or 'Sistema desconocido'. */
  system: z.string(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** "Mantener sesión iniciada": lasts 30 days, not the browser's session. */
  persistent: z.boolean(),
  /** The login of the browser that asks ("este navegador"). */
  current: z.boolean(),
});
export type TOpenLogin = z.infer<typeof ZOpenLogin>;
export const ZOpenLoginList = z.array(ZOpenLogin);

/** POST /api/me/logins/end-others and POST /api/users/:id/logins/end */
export const ZEndedLogins = z.object({ ended: z.int().nonnegative() });

/** DELETE /api/me/logins/:id */
export const ZLoginParams = z.object({ id: idField(m.loginNotFound) });

/**
 * PUT /api/users/:id/branch (super admin) — a staff account's home branch, where its screens start, and whether it
 * may work only there.
 */
export const ZStaffBranchRequest = z
  .object({
    homeBranchId: idField(m.branchNotFound).nullable(),
    branchOnly: z.boolean({ error: m.branchOnlyNeedsBranch }),
  })
  .refine((v) => !v.branchOnly || v.homeBranchId !== null, {
    message: m.branchOnlyNeedsBranch,
    path: ['homeBranchId'],
  });
export type TStaffBranchRequest = z.input<typeof ZStaffBranchRequest>;

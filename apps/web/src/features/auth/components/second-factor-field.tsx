import { ZSecondFactorProof } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as m } from '@sala/shared/auth/staff-security.messages';
import { type Ref, useState } from 'react';
import { TextField } from '../../../components/ui/text-field';

/** What proves the second factor: the authenticator app's code, or one of the recovery codes. */
export type SecondFactorMode = 'code' | 'recovery';

export type SecondFactorProof = { code?: string; recoveryCode?: string };

/**
 * What the person typed, as the API takes it (the contract's own checks: spaces and dashes dropped, a recovery code
 * in capitals), or why it cannot be sent.
 */
export function readSecondFactor(
  mode: SecondFactorMode,
  typed: string,
): { proof: SecondFactorProof } | { error: string } {
  if (typed.trim() === '') return { error: mode === 'code' ? m.codeRequired : m.recoveryFormat };
  const parsed = ZSecondFactorProof.safeParse(mode === 'code' ? { code: typed } : { recoveryCode: typed });
  if (parsed.success) return { proof: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? m.codeRequired };
}

/**
 * The second factor's input: six digits from the app (the phone's keyboard of numbers, and the code the phone
 * offers from a text message or the app), or, after "Usar un código de recuperación", one of the ten codes.
 */
export function SecondFactorField({
  mode,
  onModeChange,
  value,
  onValueChange,
  error,
  inputRef,
  autoFocus = false,
}: {
  mode: SecondFactorMode;
  onModeChange: (mode: SecondFactorMode) => void;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}) {
  // Switching is a choice of the person: the field they asked for takes the focus.
  const [switched, setSwitched] = useState(false);
  return (
    <div className="space-y-2">
      {mode === 'code' ? (
        <TextField
          key="code"
          ref={inputRef}
          label="Código de 6 dígitos"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={autoFocus || switched}
          maxLength={9}
          placeholder="123456"
          className="font-mono text-lg tracking-[0.3em]"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          error={error}
        />
      ) : (
        <TextField
          key="recovery"
          ref={inputRef}
          label="Código de recuperación"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={autoFocus || switched}
          maxLength={14}
          placeholder="ABCDE12345"
          className="font-mono text-lg tracking-widest uppercase"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          error={error}
        />
      )}
      <button
        type="button"
        onClick={() => {
          setSwitched(true);
          onModeChange(mode === 'code' ? 'recovery' : 'code');
        }}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {mode === 'code' ? 'Usar un código de recuperación' : 'Usar el código de mi app'}
      </button>
    </div>
  );
}

import { ZStaffBranchRequest } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as m } from '@sala/shared/auth/staff-security.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import type { TUser } from '@sala/shared/users/users.contract';
import { Building2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorClass } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { DocumentSelect } from '../../../components/ui/select-field';
import { notify } from '../../../components/ui/toast';
import { saveErrorMessage } from '../../../lib/form-errors';
import { useAllBranchOptions } from '../../locations/api/branches-api';
import { useSetStaffBranch } from '../api/user-security-api';

type Field = 'homeBranchId' | 'branchOnly';
/** The fields' messages, and `form` for a refusal about none of them (not a staff account, say). */
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * "Sucursal" of a staff account (issue 45, super admin): its home branch, where the point of sale, the drawer and
 * the reservations start, and "Solo su sucursal", which keeps it there. Nobody limits their own account.
 */
export function StaffBranchCard({ user, isSelf }: { user: TUser; isSelf: boolean }) {
  const headingId = useId();
  const onlyId = useId();
  const branches = useAllBranchOptions();
  const save = useSetStaffBranch(user.id);
  const [homeBranchId, setHomeBranchId] = useState(user.homeBranchId ?? '');
  const [branchOnly, setBranchOnly] = useState(user.branchOnly);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZStaffBranchRequest.safeParse({ homeBranchId: homeBranchId || null, branchOnly });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [issue?.path[0] === 'branchOnly' ? 'branchOnly' : 'homeBranchId']: issue?.message });
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify.success('Sucursal guardada'),
      onError: (error) => {
        const found: Errors = {};
        const message = saveErrorMessage(error, commonMessages.genericError, (field, e) => {
          if (field === 'homeBranchId' || field === 'branchOnly') found[field] = e.message;
        });
        setErrors(Object.keys(found).length > 0 ? found : { form: message });
        notify.error(message);
      },
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2
          id={headingId}
          className="flex items-center gap-2 font-display text-xl font-semibold text-brand-800"
        >
          <Building2 aria-hidden className="size-5" /> Sucursal
        </h2>
        <p className="mt-1 text-sm text-muted">
          El punto de venta, la caja y las reservaciones de esta cuenta empiezan en su sucursal.
        </p>
      </div>
      <form onSubmit={submit} noValidate aria-label="Sucursal de la cuenta" className="space-y-4">
        <DocumentSelect
          label="Sucursal"
          placeholder="Sin sucursal"
          documents={branches.data ?? []}
          value={homeBranchId}
          onChange={(id) => {
            setHomeBranchId(id);
            // "Solo su sucursal" needs one.
            if (!id) setBranchOnly(false);
            setErrors({});
          }}
          disabled={branches.isPending}
          error={errors.homeBranchId}
        />
        {isSelf ? (
          <p className="text-sm text-muted">{m.ownBranchOnly}</p>
        ) : (
          <div>
            <div className="flex items-start gap-2">
              <input
                id={onlyId}
                type="checkbox"
                checked={branchOnly}
                disabled={!homeBranchId}
                onChange={(event) => {
                  setBranchOnly(event.target.checked);
                  setErrors({});
                }}
                aria-describedby={`${onlyId}-nota`}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700 disabled:opacity-50"
              />
              <div className="text-sm">
                <label htmlFor={onlyId} className="font-medium text-ink">
                  Solo su sucursal
                </label>
                <p id={`${onlyId}-nota`} className="text-muted">
                  {homeBranchId
                    ? 'Solo podrá vender, usar la caja y ver las reservaciones de esta sucursal.'
                    : 'Elige primero su sucursal.'}
                </p>
              </div>
            </div>
            {errors.branchOnly && <p className={fieldErrorClass}>{errors.branchOnly}</p>}
          </div>
        )}
        {errors.form && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
            Guardar
          </Button>
        </div>
      </form>
    </section>
  );
}

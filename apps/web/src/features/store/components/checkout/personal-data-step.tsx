import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { AlertCircle, PencilLine } from 'lucide-react';
import { useState } from 'react';
import { DetailList } from '../../../../components/ui/detail-list';
import { Button } from '../../../../components/ui/link-button';
import { PrivacySummary } from '../../../../components/ui/privacy-summary';
import { personalDataProblem } from '../../personal-data';

/**
 * Step 1 (docs/business-rules.md §2, §5): the client's data, read-only, checked before the card step. 'Corregir mis datos' opens
 * the profile editor; 'Continuar' goes on only when the data passes.
 */
export function PersonalDataStep({
  user,
  onEdit,
  onContinue,
  canContinue,
}: {
  user: Pick<TSessionUser, 'name' | 'email' | 'phone'>;
  onEdit: () => void;
  onContinue: () => void;
  /** False while there is nothing in the cart that can be bought. */
  canContinue: boolean;
}) {
  const [tried, setTried] = useState(false);
  const problem = personalDataProblem(user);

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <p className="text-sm text-muted">
        Revisa que tus datos estén correctos: con ellos registramos tu compra.
      </p>
      <DetailList
        className="mt-4"
        items={[
          { label: 'Nombre', value: user.name || '—' },
          { label: 'Correo', value: user.email || '—' },
          { label: 'Teléfono', value: user.phone || '—' },
        ]}
      />
      <PrivacySummary className="mt-4 text-xs leading-relaxed text-muted" />
      {tried && problem && (
        <p
          role="alert"
          className="mt-5 flex items-start gap-2 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="block">{problem}</span>
            <span className="block font-normal">Usa «Corregir mis datos» para actualizarlos.</span>
          </span>
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onEdit}>
          <PencilLine aria-hidden className="size-4" /> Corregir mis datos
        </Button>
        <Button
          size="lg"
          disabled={!canContinue}
          onClick={() => {
            setTried(true);
            if (!problem) onContinue();
          }}
        >
          Continuar
        </Button>
      </div>
    </div>
  );
}

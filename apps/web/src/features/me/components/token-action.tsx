import { commonMessages } from '@sala/shared/errors/messages';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/link-button';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { ApiError } from '../../../lib/api-client';
import { useQueryParams } from '../../../lib/navigation';

/**
 * A page a link from an e-mail opens (confirm a new address, stop the reminders): it acts only when the person
 * presses its button, never on load (a mail scanner that opens links changes nothing), and says what happened.
 */
export function TokenAction({
  intro,
  actionLabel,
  invalidMessage,
  mutation,
  after,
}: {
  intro: ReactNode;
  actionLabel: string;
  invalidMessage: string;
  mutation: {
    mutate: (input: { token: string }) => void;
    isPending: boolean;
    data?: { message: string };
    error: unknown;
  };
  /** What to offer once it is done (a link to log in, to the profile). */
  after?: ReactNode;
}) {
  const [params] = useQueryParams();
  const token = params.get('token') ?? '';
  if (mutation.data) {
    return (
      <div className="space-y-4">
        <p role="status" className="flex items-start gap-2 text-base text-ink">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          {mutation.data.message}
        </p>
        {after}
      </div>
    );
  }
  const error = mutation.error;
  const refusal = error
    ? error instanceof ApiError
      ? error.message
      : commonMessages.genericError
    : undefined;
  return (
    <div className="space-y-4">
      <div className="text-base text-ink">{intro}</div>
      {token ? (
        <Button size="lg" loading={mutation.isPending} onClick={() => mutation.mutate({ token })}>
          {actionLabel}
        </Button>
      ) : (
        <RefusalNote role="alert" message={invalidMessage} />
      )}
      <RefusalNote role="alert" message={refusal} />
    </div>
  );
}

import type { TakenChoice } from '../hooks/use-booking-choice';

/** Said when the live availability took the chosen room, or filled the chosen hour, before 'Confirmar' (design §10). */
export const takenMessages: Record<TakenChoice, string> = {
  room: 'Alguien acaba de reservar esta sala. Elige otra sala para continuar.',
  hour: 'Esta hora se acaba de llenar. Elige otra hora para continuar.',
};

/** Why the choice cannot be booked any more (the summary offers the way back in place of 'Confirmar'). */
export default function TakenNotice({ taken }: { taken: TakenChoice }) {
  return (
    <p
      data-testid="choice-taken"
      className="rounded-lg bg-amber-50 px-3 py-2.5 font-medium text-amber-900 text-sm"
    >
      {takenMessages[taken]}
    </p>
  );
}

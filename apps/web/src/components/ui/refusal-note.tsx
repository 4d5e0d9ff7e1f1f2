import type { ComponentProps } from 'react';

/** A refusal said beside the form that was refused (it stays while the person corrects what was refused). */
export function RefusalNote({ message, ...props }: { message: string | undefined } & ComponentProps<'p'>) {
  if (!message) return null;
  return (
    <p {...props} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

import { type ReactNode, useId } from 'react';

/** The card that holds a block form, with its heading. */
export function BlockFormSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={headingId} className="font-display text-xl font-semibold text-brand-800">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The heading of a list of upcoming blocks, with how many records lie in the past (docs/business-rules.md §2). */
export function BlockListSection({
  title,
  pastCount,
  children,
}: {
  title: string;
  pastCount: number | undefined;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-display text-xl font-semibold text-brand-800">
          {title}
        </h2>
        {pastCount !== undefined && (
          <p className="text-sm text-muted">
            Registros pasados: <span className="font-semibold text-ink tabular-nums">{pastCount}</span>
          </p>
        )}
      </div>
      {children}
    </section>
  );
}

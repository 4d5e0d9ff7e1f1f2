import type { ReactNode } from 'react';

/** The white card the login, register and reset forms sit in, under the page's hero. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto -mt-16 max-w-md px-4 pb-16">
      <div className="relative rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h2 className="font-display text-2xl font-semibold text-brand-800">{title}</h2>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

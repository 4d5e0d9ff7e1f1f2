import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { sectionFor } from '../../layouts/admin-sections';

/** Screens whose issue has not landed yet: the route and its permission exist; the screen says it is coming. */
export default function UpcomingSectionPage() {
  const section = sectionFor(useLocation().pathname);
  return (
    <div className="space-y-6">
      <h1 className="font-display text-3xl font-semibold text-brand-800">{section?.label}</h1>
      <div className="flex items-center gap-4 rounded-2xl bg-white p-6 text-muted shadow-sm ring-1 ring-slate-200">
        <Construction aria-hidden className="size-8 text-sand-700" />
        <p>Esta sección estará disponible en una próxima versión.</p>
      </div>
    </div>
  );
}

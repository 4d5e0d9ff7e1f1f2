import { IllustrationImage } from '../../components/ui/illustration-image';
import { LinkButton } from '../../components/ui/link-button';

export default function NotFoundPage() {
  return (
    <>
      <title>Página no encontrada · Sala Común</title>
      <section className="bg-brand-800 pt-24 pb-10" aria-hidden />
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
        <IllustrationImage name="not-found" sizes="18rem" alt="" className="w-72" />
        <h1 className="mt-6 font-display text-4xl font-semibold text-brand-800">Página no encontrada</h1>
        <p className="mt-3 text-muted">La página que buscas no existe o cambió de lugar.</p>
        <div className="mt-8">
          <LinkButton to="/">Volver al inicio</LinkButton>
        </div>
      </section>
    </>
  );
}

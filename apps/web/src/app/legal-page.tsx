import { type LegalView, legalView } from '@sala/shared/legal/legal-view';
import type { LEGAL_PAGES } from '@sala/shared/web/pages';
import { HeroBanner } from '../components/ui/hero-banner';
import { PageLoader } from '../components/ui/spinner';
import { useLegal } from '../features/legal/api/get-legal';
import { PrivacyNotice, TermsDocument } from '../features/legal/components/legal-documents';
import { PageMeta } from './page-meta';

type LegalPath = (typeof LEGAL_PAGES)[number];

const documents = {
  '/aviso-de-privacidad': { title: 'Aviso de privacidad', Document: PrivacyNotice },
  '/terminos': { title: 'Términos y condiciones', Document: TermsDocument },
} satisfies Record<LegalPath, unknown>;

/**
 * The privacy notice or the terms with the facts they print: the prerender passes its tokens (the server puts the
 * business's facts in at serve time), the app the API's.
 */
export function LegalPage({ path, view }: { path: LegalPath; view: LegalView }) {
  const { title, Document } = documents[path];
  return (
    <>
      <PageMeta path={path} />
      <HeroBanner image="hero" title={title} />
      <Document view={view} />
    </>
  );
}

/**
 * A legal page reached inside the app (from the store's or the profile's footer): its facts and the store's payment
 * methods come from the API.
 */
export function LegalRoute({ path }: { path: LegalPath }) {
  const legal = useLegal();
  return legal.data ? (
    <LegalPage path={path} view={legalView(legal.data.facts, legal.data.onlinePayments)} />
  ) : (
    <PageLoader />
  );
}

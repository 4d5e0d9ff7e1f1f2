import { LegalRoute } from '../legal-page';

export default function TermsRoute() {
  return <LegalRoute path="/terminos" />;
}

import { LegalRoute } from '../legal-page';

export default function PrivacyNoticeRoute() {
  return <LegalRoute path="/aviso-de-privacidad" />;
}

import { ProfilePageContent } from './perfil';

export default function MyOrdersPage() {
  return <ProfilePageContent focus="pedidos" />;
}

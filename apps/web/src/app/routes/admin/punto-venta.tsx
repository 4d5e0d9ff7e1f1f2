import { PosScreen } from '../../../features/pos/components/pos-screen';

/** Every staff member sells at the counter (docs/business-rules.md §2: admin level). */
export default function PointOfSalePage() {
  return <PosScreen />;
}

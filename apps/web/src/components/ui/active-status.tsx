import { ActiveToggle } from './active-toggle';
import { StatusBadge } from './status-badge';

type ActiveStatusProps = {
  isActive: boolean;
  itemName: string;
  /** Only those who may change the status get the toggle; everyone else reads a badge. */
  canChange: boolean;
  /** Saves the new state; a rejection keeps the confirmation open (the caller reports the error). */
  onChange: (isActive: boolean) => Promise<unknown>;
};

/** The status cell of a table: the toggle of docs/business-rules.md §4 for those who may change it, a badge for the rest. */
export function ActiveStatus({ isActive, itemName, canChange, onChange }: ActiveStatusProps) {
  return canChange ? (
    <ActiveToggle isActive={isActive} itemName={itemName} onChange={onChange} />
  ) : (
    <StatusBadge isActive={isActive} />
  );
}

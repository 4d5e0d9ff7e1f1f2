import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export type TabItem<TValue extends string> = { value: TValue; label: string; content: ReactNode };

/**
 * A tab list over panels (radix Tabs: arrow keys move between tabs, each panel is named by its tab). Only the open
 * panel is in the page, so what the others would load waits until they are opened.
 */
export function Tabs<TValue extends string>({
  label,
  value,
  onValueChange,
  tabs,
}: {
  /** What the tab list chooses between, for screen readers ('Canal'). */
  label: string;
  value: TValue;
  onValueChange: (value: TValue) => void;
  tabs: TabItem<TValue>[];
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onValueChange(next as TValue)}>
      <RadixTabs.List aria-label={label} className="flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content
          key={tab.value}
          value={tab.value}
          className="mt-6 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500"
        >
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabSpec {
  value: string;
  label: string;
  /** Shown after the label ("Teams 24"); absent while unknown. */
  count?: number | null;
  content: ReactNode;
}

/**
 * Real tabs (role `tab`, arrow keys between them) whose choice lives in the address, so a
 * reload or a link opens the same tab.
 */
export function Tabs({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly TabSpec[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={onChange}>
      <RadixTabs.List className="tabs-list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className="tab">
            {tab.label}
            {tab.count !== null && tab.count !== undefined && (
              <span className="muted num"> {tab.count.toLocaleString()}</span>
            )}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen; focusable and named so keyboard users can scroll it too. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tenant-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

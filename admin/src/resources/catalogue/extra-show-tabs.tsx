import type { ReactElement } from 'react';
import { CaseTimelineTab } from '../credit-control/CaseTimelineTab';
import { ContractPaymentsTab } from '../payments/ContractPaymentsTab';

export interface ExtraShowTab {
  label: string;
  path: string;
  /** The catalogue resource whose list the user must be allowed to read to see the tab. */
  needs: string;
  element: ReactElement;
}

/** Tabs a record type's catalogue page shows after its related lists, by the catalogue's resource name. */
export const EXTRA_SHOW_TABS: Readonly<Record<string, readonly ExtraShowTab[]>> = {
  TenantContract: [{ label: 'Methods and collections', path: 'payments', needs: 'Payment', element: <ContractPaymentsTab /> }],
  CreditControlRecord: [{ label: 'Timeline', path: 'timeline', needs: 'CreditControlRecord', element: <CaseTimelineTab /> }],
};

import type { ReactElement } from 'react';
import { BroadcastButton } from '../broadcast/BroadcastButton';
import { AgreePlanButton } from '../credit-control/AgreePlanButton';
import { DownloadBacsFileButton } from '../payments/DownloadBacsFileButton';
import { InviteTenantButton } from '../tenants/InviteTenantButton';

/** Actions a record type's catalogue page offers beside Edit, by the catalogue's resource name. */
export const EXTRA_SHOW_ACTIONS: Readonly<Record<string, ReactElement>> = {
  House: <BroadcastButton to="house" />,
  Agency: <BroadcastButton to="agency" />,
  Tenant: <InviteTenantButton />,
  BacsSubmission: <DownloadBacsFileButton />,
  CreditControlRecord: <AgreePlanButton />,
};

import type { ComponentType } from 'react';
import { CommentShow, TenantShow } from '../attachments';
import { HouseContractList } from '../contracts-batch';
import { HouseVisitShow } from '../house-visits';
import { UploadList } from '../uploads';
import { MeterReadingList, MeterReadingShow } from './MeterReadingScreens';

/** Catalogue resources whose list is the operations' own (bulk approval, batch update, imports), by resource name. */
export const OPERATIONS_LISTS: Readonly<Record<string, ComponentType>> = {
  MeterReading: MeterReadingList,
  HouseContract: HouseContractList,
  Upload: UploadList,
};

/** Catalogue resources whose page is the operations' own (workflow buttons, attached files), by resource name. */
export const OPERATIONS_SHOWS: Readonly<Record<string, ComponentType>> = {
  MeterReading: MeterReadingShow,
  HouseVisit: HouseVisitShow,
  Tenant: TenantShow,
  Comment: CommentShow,
};

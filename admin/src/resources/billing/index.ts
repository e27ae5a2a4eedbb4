/** BILL billing screens: bill runs (start, live progress, retry) and bills (PDF); the rest is the catalogue's. */
export { BillRunList } from './BillRunList';
export { BillRunShow, BillRunProgress } from './BillRunShow';
export { BillShow } from './BillShow';

import { CatalogueList } from '../catalogue/CatalogueList';
import { CreditRebateButton } from './CreditRebateButton';

/** The catalogue's government-rebate list, with "Credit rebate" (a month of the scheme, split per tenant). */
export function GovernmentRebateList() {
  return <CatalogueList actions={<CreditRebateButton />} />;
}

/** Government rebates: the catalogue's list with the scheme-crediting action. */
export { GovernmentRebateList } from './GovernmentRebateList';

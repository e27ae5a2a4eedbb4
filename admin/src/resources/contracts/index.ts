/** House contract screens beyond the catalogue's: the page with "Send contract". */
export { HouseContractShow } from './HouseContractShow';

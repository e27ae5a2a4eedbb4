/** The batch update of house contracts: the list's bulk action and the screen it opens. */
export { HouseContractList } from './HouseContractList';
export { BatchUpdatePage, BATCH_PATH } from './BatchUpdatePage';

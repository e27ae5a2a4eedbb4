/** Changes to house contracts staff make over several records at once: services through their status machine, batch updates. */
export { updateContractServices, type ServiceChangeInput } from './update-contract-services.service';
export { batchUpdateHouseContracts, type ContractChange, type ContractResult } from './batch-update-contracts.service';
export { contractsBatchModule } from './batch-update-contracts.graphql';

/** Changes to house contracts staff make over several records at once: services through their status machine. */
export { updateContractServices, type ServiceChangeInput } from './update-contract-services.service';

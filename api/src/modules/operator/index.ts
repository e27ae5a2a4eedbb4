/** Operator endpoints (/api/v2/admin/*) and the process heartbeat they read. */
export { startHeartbeat, processId } from './heartbeat';
export { listExternalServices, listRenders, listProcesses, requestProcessStop, schedulerState, setScheduler, triggerBilling, upsertExternalService } from './operator.service';
export { patchEntityConfiguration, readEntityConfiguration, uploadBrandLogo } from './entity-configuration.service';
export { trackRender, activeRenders } from './active-renders';

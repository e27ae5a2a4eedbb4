/** Operator endpoints (/api/v2/admin/*) and the process heartbeat they read. */
export { startHeartbeat, processId } from './heartbeat';
export { listProcesses, requestProcessStop, schedulerState, setScheduler, triggerBilling, upsertExternalService } from './operator.service';

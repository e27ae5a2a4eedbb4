import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { formatDate } from '../catalogue/format';
import { getJson, sendFile, sendJson } from '../uploads/rest-api';

/*
 * The operator endpoints of specification §7 (/api/v2/admin/*, system WRITE, each change audited by the server),
 * as the System area calls them.
 */

export interface ProcessRow {
  id: string;
  kind: 'api' | 'workers' | string;
  pid: number;
  host: string;
  uptimeSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
  lastHeartbeatAt: string;
  alive: boolean;
  stopRequestedAt: string | null;
}

export interface SchedulerState {
  paused: boolean;
  active: string[];
  pausedSchedules: string[];
}

export interface RenderRow {
  process: string;
  kind: string;
  pid: number;
  host: string;
  document: string;
  label: string;
  startedAt: string;
}

export type AutomationOutcome = { groupId: number; status: 'SCHEDULED' | 'NOTHING_TO_DO' | 'NOT_BILLING_DAY' | 'INVALID_SETTING' | 'FAILED'; reason?: string; billRunId?: number; periodStart?: string; periodEnd?: string; billingDay?: number };

export interface EntityConfiguration {
  id: number | null;
  groupId: number;
  displayName: string;
  primaryColour: string | null;
  secondaryColour: string | null;
  logoUploadId: number | null;
  supportEmail: string | null;
}

export interface ExternalService {
  id: number;
  name: string;
  baseUrl: string;
  enabled: boolean;
  settings: Record<string, unknown>;
}

const ADMIN = '/api/v2/admin';

export const fetchProcesses = async (groupId: number) => (await getJson<{ processes: ProcessRow[] }>(`${ADMIN}/log-processes`, groupId)).processes;
export const restartProcess = (groupId: number, id: string) => sendJson<{ stopRequested: boolean }>('POST', `${ADMIN}/kill-server`, groupId, { id });
export const fetchScheduler = (groupId: number) => getJson<SchedulerState>(`${ADMIN}/kill-scheduler`, groupId);
export const setScheduler = (groupId: number, action: 'pause' | 'resume') => sendJson<SchedulerState>('POST', `${ADMIN}/kill-scheduler`, groupId, { action });
export const triggerBilling = (groupId: number) => sendJson<{ today: string; featureEnabled: boolean; groups: AutomationOutcome[] }>('POST', `${ADMIN}/trigger-billing`, groupId);
export const fetchRenders = async (groupId: number) => (await getJson<{ renders: RenderRow[] }>(`${ADMIN}/chrome-sessions`, groupId)).renders;
export const fetchExternalServices = async (groupId: number) => (await getJson<{ services: ExternalService[] }>(`${ADMIN}/external-services`, groupId)).services;
export const upsertExternalService = (groupId: number, service: Pick<ExternalService, 'name' | 'baseUrl' | 'enabled'>) => sendJson<ExternalService>('POST', `${ADMIN}/upsert-external-service`, groupId, service);
export const fetchEntityConfiguration = (groupId: number) => getJson<EntityConfiguration>(`${ADMIN}/entity-configuration/${groupId}`, groupId);
export const saveEntityConfiguration = (groupId: number, values: Partial<EntityConfiguration>) => sendJson<EntityConfiguration>('PATCH', `${ADMIN}/entity-configuration/${groupId}`, groupId, values);
export const uploadLogo = (groupId: number, file: File) => sendFile<EntityConfiguration>(`${ADMIN}/entity-configuration/${groupId}/logo`, file, groupId);

/** Where the group's logo is shown from (public, like every statement it is printed on): the upload names the version. */
export const logoUrl = (groupId: number, logoUploadId: number) => `/api/v2/brand/${groupId}/logo?v=${logoUploadId}`;

/** The operator panels are for staff with WRITE on the system area (the endpoints' own rule). */
export const canOperate = (): boolean => hasAreaLevel(tokenPermissions(), 'systemLogs', 'WRITE');

/** "3 d 4 h", "2 h 5 min", "40 s": how long a process has been up. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  return minutes ? `${minutes} min` : `${seconds} s`;
}

/** What the automation did for a group, in words. */
export function automationText(outcome: AutomationOutcome): string {
  switch (outcome.status) {
    case 'SCHEDULED':
      return `Bill run ${outcome.billRunId} scheduled for ${formatDate(outcome.periodStart)} to ${formatDate(outcome.periodEnd)}`;
    case 'NOTHING_TO_DO':
      return `Nothing to do: ${outcome.reason}`;
    case 'NOT_BILLING_DAY':
      return `Not its billing day (day ${outcome.billingDay})`;
    default:
      return `${outcome.status === 'FAILED' ? 'Failed' : 'Setting not valid'}: ${outcome.reason}`;
  }
}

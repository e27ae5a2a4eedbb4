import { callGraphql } from '../providers/graphql-action';

export interface DashboardTile {
  key: string;
  label: string;
  resource: string;
  filter: Record<string, unknown>;
  section: 'work' | 'contracts' | 'system';
  count: number;
}

export interface DashboardData {
  today: string;
  tiles: DashboardTile[];
  finance: { billedPence: number; collectedPence: number; debt: Array<{ label: string; contracts: number; owedPence: number }> } | null;
}

const QUERY = '{ dashboard: backOfficeDashboard { today tiles { key label resource filter section count } finance { billedPence collectedPence debt { label contracts owedPence } } } }';

/** The day's work for the group (dashboard.graphql.ts). */
export async function fetchDashboard(groupId: number): Promise<DashboardData> {
  return (await callGraphql<{ dashboard: DashboardData }>(QUERY, {}, groupId)).dashboard;
}

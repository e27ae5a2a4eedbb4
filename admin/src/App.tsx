import { useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource, type Store } from 'react-admin';
import GroupIcon from '@mui/icons-material/Group';
import SecurityIcon from '@mui/icons-material/Security';
import { Route } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { CATALOGUE } from '@app/api/rules';
import { ApiUnavailable } from './bootstrap/ApiUnavailable';
import { GroupIdContext } from './bootstrap/GroupIdContext';
import { Loading } from './bootstrap/Loading';
import { createAuthProvider } from './auth/authProvider';
import { SessionWatcher } from './auth/SessionWatcher';
import { Dashboard } from './dashboard/Dashboard';
import { SystemStatusPage } from './health/SystemStatusPage';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { brandTheme } from './brand/brand-theme';
import { fetchGroupBrand, GroupBrandContext, type GroupBrand } from './brand/group-brand';
import { GROUP_ICONS } from './layout/menu-groups';
import { createDataProvider, type BackOfficeDataProvider } from './providers/dataProvider';
import { withPrefetchedReferences } from './providers/prefetch-references';
import { CatalogueCreate, CatalogueEdit, CatalogueList, CatalogueShow, representationOf, withFieldErrors } from './resources/catalogue';
import { RoleCreate, RoleEdit, RoleList } from './resources/backoffice-roles';
import { StaffCreate, StaffEdit, StaffList } from './resources/backoffice-users';
import { JobList, JobQueueList, JobScheduleList, JobShow } from './resources/jobs';
import { BillRunList, BillRunShow, BillShow } from './resources/billing';
import { GovernmentRebateList } from './resources/rebates';
import { HouseContractShow } from './resources/contracts';
import { CreditControlBoard } from './resources/credit-control/CreditControlBoard';
import { QuoteScreen } from './resources/quotes/QuoteScreen';
import { AccessDeniedPage } from './auth/AccessDeniedPage';
import { NoGroupPage } from './auth/NoGroupPage';
import { fetchMyGroups } from './bootstrap/my-groups';
import { accountStore, browserSavedFiltersToCarryOver, fetchMyPreferences, saveMyPreference } from './preferences';
import { OPERATIONS_LISTS, OPERATIONS_SHOWS } from './resources/operations';
import { BATCH_PATH, BatchUpdatePage } from './resources/contracts-batch';
import { AccountingExportList, AccountingExportShow, SalesJournalList, SalesJournalShow } from './resources/finance';

type Boot =
  | { status: 'loading' }
  | { status: 'ready'; dataProvider: BackOfficeDataProvider; brand: GroupBrand; store: Store; queryClient: QueryClient }
  | { status: 'no-group' }
  | { status: 'error'; error: string };

export function App({ groupId }: { groupId: number }) {
  const [boot, setBoot] = useState<Boot>({ status: 'loading' });

  // Introspect before mounting <Admin>: if the API is down, this lets us show an explanation
  // instead of a blank or half-broken back office.
  useEffect(() => {
    let active = true;
    const dataProvider = createDataProvider(groupId);
    const start = async () => {
      // A group the account does not work for would refuse every call: go to its first group instead.
      const groups = await fetchMyGroups();
      if (groups && !groups.some((group) => group.id === groupId)) {
        if (groups[0]) window.location.replace(`/admin/${groups[0].id}/`);
        else if (active) setBoot({ status: 'no-group' });
        return;
      }
      try {
        // The group's brand is read beside the introspection, so the back office opens already wearing it.
        // So are the account's saved filters: the lists open with them, on whichever machine.
        const [, brand, preferences] = await Promise.all([dataProvider.getIntrospection(), fetchGroupBrand(groupId), fetchMyPreferences(groupId)]);
        const browser = localStorageStore();
        for (const [key, value] of browserSavedFiltersToCarryOver(preferences, browser)) {
          preferences[key] = value;
          saveMyPreference(groupId, key, value).then(() => browser.removeItem(key), () => undefined);
        }
        const store = accountStore(preferences, (key, value) => saveMyPreference(groupId, key, value), browser);
        // Server field errors (extensions.fields) are turned into react-admin form errors.
        // One query cache for react-admin and the provider, so a list's names are in it when its rows arrive.
        const queryClient = new QueryClient();
        if (active) setBoot({ status: 'ready', dataProvider: withPrefetchedReferences(withFieldErrors(dataProvider), queryClient), brand, store, queryClient });
      } catch (error) {
        console.error('Back office could not introspect the GraphQL API', error);
        if (active) setBoot({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      }
    };
    void start();
    return () => {
      active = false;
    };
  }, [groupId]);

  const authProvider = useMemo(() => createAuthProvider(groupId), [groupId]);
  const brandColour = boot.status === 'ready' ? boot.brand.colour : null;
  const theme = useMemo(() => brandTheme(brandColour ?? ''), [brandColour]);
  if (boot.status === 'loading') return <Loading />;
  if (boot.status === 'error') return <ApiUnavailable error={boot.error} />;
  if (boot.status === 'no-group') return <NoGroupPage />;

  return (
    <GroupIdContext.Provider value={groupId}>
      <GroupBrandContext.Provider value={boot.brand}>
        <SessionWatcher groupId={groupId} />
        <Admin
          basename={`/admin/${groupId}`}
          disableTelemetry
          dataProvider={boot.dataProvider}
          queryClient={boot.queryClient}
          store={boot.store}
          i18nProvider={i18nProvider}
          authProvider={authProvider}
          requireAuth
          dashboard={Dashboard}
          accessDenied={AccessDeniedPage}
          layout={AppLayout}
          theme={theme}
          title="Back office"
        >
          <Resource name="BackofficeUser" options={{ label: 'Staff' }} icon={GroupIcon} list={StaffList} create={StaffCreate} edit={StaffEdit} recordRepresentation={(r) => `${r.firstName} ${r.lastName}`} />
          <Resource name="BackofficeRole" options={{ label: 'Roles' }} icon={SecurityIcon} list={RoleList} create={RoleCreate} edit={RoleEdit} recordRepresentation="name" />
          <Resource name="JobQueue" options={{ label: 'Job queues' }} list={JobQueueList} />
          <Resource name="Job" options={{ label: 'Jobs' }} list={JobList} show={JobShow} />
          <Resource name="JobSchedule" options={{ label: 'Scheduled jobs' }} list={JobScheduleList} />
          {/* Every record type of the catalogue gets the generic screens; the menu groups them (layout/). */}
          {CATALOGUE.map((spec) => (
            <Resource
              key={spec.name}
              name={spec.name}
              icon={GROUP_ICONS[spec.menu]}
              list={spec.name === 'BillRun' ? BillRunList : spec.name === 'GovernmentRebate' ? GovernmentRebateList : spec.name === 'SalesJournal' ? SalesJournalList : spec.name === 'AccountingExport' ? AccountingExportList : OPERATIONS_LISTS[spec.name] ?? CatalogueList}
              show={spec.name === 'BillRun' ? BillRunShow : spec.name === 'Bill' ? BillShow : spec.name === 'HouseContract' ? HouseContractShow : spec.name === 'SalesJournal' ? SalesJournalShow : spec.name === 'AccountingExport' ? AccountingExportShow : OPERATIONS_SHOWS[spec.name] ?? CatalogueShow}
              create={spec.create ? CatalogueCreate : undefined}
              edit={spec.update ? CatalogueEdit : undefined}
              recordRepresentation={representationOf(spec)}
            />
          ))}
          <CustomRoutes>
            <Route path="/status" element={<SystemStatusPage />} />
            <Route path="/credit-control/board" element={<CreditControlBoard />} />
            <Route path="/quote" element={<QuoteScreen />} />
            <Route path={BATCH_PATH} element={<BatchUpdatePage />} />
          </CustomRoutes>
        </Admin>
      </GroupBrandContext.Provider>
    </GroupIdContext.Provider>
  );
}

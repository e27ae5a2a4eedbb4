import { Accordion, AccordionDetails, AccordionSummary, Alert, Chip, Divider, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { labelFor, UTILITY_TYPES } from '@app/api/rules';
import { formatDate } from '../catalogue/format';
import type { BatchContract, ContractResult } from './batch-api';
import { DateInput } from './DateInput';
import { TariffPeriods } from './TariffPeriods';

export interface ContractEditorProps {
  original: BatchContract;
  draft: BatchContract;
  onChange: (draft: BatchContract) => void;
  result?: ContractResult;
  changed: boolean;
}

const period = (start: string | null, end: string | null) => `${formatDate(start) || 'start'} to ${formatDate(end) || 'end'}`;

/** What a saved contract's result says: saved, or each rule it broke in words. */
function Result({ result }: { result: ContractResult }) {
  if (result.ok) return <Chip size="small" color="success" label="Saved" />;
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {result.errors.map((error, index) => (
        <div key={index}>{error.message}</div>
      ))}
    </Alert>
  );
}

/**
 * One selected house contract on the batch screen: its house and dates in the summary (with what it will become
 * and, after saving, its result), and when opened its dates, its services with their tariff periods and its
 * tenant contracts, each editable. Closed panels render no inputs, so a selection of 1000 stays light.
 */
export function ContractEditor({ original, draft, onChange, result, changed }: ContractEditorProps) {
  const setService = (index: number, values: Partial<BatchContract['services'][number]>) => onChange({ ...draft, services: draft.services.map((service, i) => (i === index ? { ...service, ...values } : service)) });
  const setTenant = (index: number, values: Partial<BatchContract['tenantContracts'][number]>) => onChange({ ...draft, tenantContracts: draft.tenantContracts.map((tenant, i) => (i === index ? { ...tenant, ...values } : tenant)) });
  const headingId = `contract-${draft.id}-heading`;
  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }} data-testid={`batch-contract-${draft.id}`}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`contract-${draft.id}-details`} id={headingId}>
        <Stack spacing={0.5} sx={{ minWidth: 0, width: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              HC-{draft.id} · {draft.house}
            </Typography>
            <Chip size="small" variant="outlined" label={labelFor(draft.status)} />
            {changed && <Chip size="small" variant="outlined" color="primary" label="Changed" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {period(original.signUpDate, original.endDate)}
            {(draft.signUpDate !== original.signUpDate || draft.endDate !== original.endDate) && ` → ${period(draft.signUpDate, draft.endDate)}`}
          </Typography>
          {result && <Result result={result} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`contract-${draft.id}-details`}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <DateInput label="Contract start" value={draft.signUpDate} onChange={(value) => onChange({ ...draft, signUpDate: value ?? '' })} />
            <DateInput label="Contract end" value={draft.endDate} onChange={(value) => onChange({ ...draft, endDate: value ?? '' })} />
          </Stack>
          <Divider />
          <Typography variant="subtitle2" component="h3">
            Services
          </Typography>
          {draft.services.length === 0 && <Typography variant="body2">No services</Typography>}
          {draft.services.map((service, index) => {
            const name = labelFor(service.utilityType, UTILITY_TYPES);
            return (
              <Stack key={service.id} spacing={1}>
                <Typography variant="body2">
                  {name} · {labelFor(service.utilityStatus)}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  <DateInput label={`${name} from`} value={service.startDate} onChange={(value) => setService(index, { startDate: value })} />
                  <DateInput label={`${name} to`} value={service.endDate} onChange={(value) => setService(index, { endDate: value })} />
                </Stack>
                {(service.utilityType === 'electric' || service.utilityType === 'gas') && <TariffPeriods utilityType={service.utilityType} label={name} periods={service.tariffs} onChange={(tariffs) => setService(index, { tariffs })} />}
              </Stack>
            );
          })}
          <Divider />
          <Typography variant="subtitle2" component="h3">
            Tenant contracts
          </Typography>
          {draft.tenantContracts.length === 0 && <Typography variant="body2">No tenant contracts</Typography>}
          {draft.tenantContracts.map((tenant, index) => (
            <Stack key={tenant.id} direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
              <Typography variant="body2" sx={{ minWidth: 160 }}>
                {tenant.tenantName || `TC-${tenant.id}`} · {labelFor(tenant.status)}
              </Typography>
              <DateInput label={`${tenant.tenantName || 'Tenant'} from`} value={tenant.startDate} onChange={(value) => setTenant(index, { startDate: value ?? '' })} />
              <DateInput label={`${tenant.tenantName || 'Tenant'} to`} value={tenant.endDate} onChange={(value) => setTenant(index, { endDate: value ?? '' })} />
            </Stack>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

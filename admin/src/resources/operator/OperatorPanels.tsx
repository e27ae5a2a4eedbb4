import { Stack } from '@mui/material';
import { BillingNowPanel } from './BillingNowPanel';
import { BrandPanel } from './BrandPanel';
import { ExternalServicesPanel } from './ExternalServicesPanel';
import { canOperate } from './operator-api';
import { ProcessesPanel } from './ProcessesPanel';
import { RendersPanel } from './RendersPanel';
import { SchedulerPanel } from './SchedulerPanel';

/**
 * The System area's operator panels (the /api/v2/admin/* endpoints): processes with restart, schedules paused or
 * resumed, automated billing now, documents being rendered, external services, the group's brand. For staff with system WRITE only.
 */
export function OperatorPanels() {
  if (!canOperate()) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <ProcessesPanel />
      <SchedulerPanel />
      <BillingNowPanel />
      <RendersPanel />
      <ExternalServicesPanel />
      <BrandPanel />
    </Stack>
  );
}

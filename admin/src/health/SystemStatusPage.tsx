import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { OperatorPanels } from '../resources/operator';
import { HealthPanel } from './HealthPanel';

// A bookmarkable /admin/{groupId}/status page. It also matters as a custom route: react-admin
// replaces the whole layout with its "Ready" welcome screen when an <Admin> has neither
// resources nor custom routes, and today the API exposes no resources.
export function SystemStatusPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate('shb.health.details')} />
      <HealthPanel />
      {/* The operator endpoints (processes, schedules, billing now, renders, brand) for staff with system WRITE. */}
      <OperatorPanels />
    </Box>
  );
}

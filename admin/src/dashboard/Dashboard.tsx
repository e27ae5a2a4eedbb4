import { Box, Card, CardContent, Typography } from '@mui/material';
import { Link, Title, useBasename, useResourceDefinitions, useTranslate } from 'react-admin';
import { useGroupId } from '../bootstrap/GroupIdContext';
import { HealthPanel } from '../health/HealthPanel';

export function Dashboard() {
  const translate = useTranslate();
  const groupId = useGroupId();
  // react-admin links are absolute from the router root, so they need the /admin/{groupId} basename.
  const basename = useBasename();
  const resourceNames = Object.keys(useResourceDefinitions());

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Title title={translate('shb.dashboard.title')} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('shb.dashboard.title')}
          </Typography>
          <Typography gutterBottom>{translate('shb.dashboard.welcome')}</Typography>
          <Typography variant="h6" component="p">
            {translate('shb.dashboard.group')} {groupId}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {translate('shb.dashboard.group_help', { groupId })}
          </Typography>
          <Typography color="text.secondary">
            {resourceNames.length
              ? translate('shb.dashboard.resources', { names: resourceNames.join(', ') })
              : translate('shb.dashboard.no_resources')}
          </Typography>
        </CardContent>
      </Card>
      <Box>
        <HealthPanel />
        <Typography sx={{ mt: 1 }}>
          <Link to={`${basename}/status`}>{translate('shb.health.details')}</Link>
        </Typography>
      </Box>
    </Box>
  );
}

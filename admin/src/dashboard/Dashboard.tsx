import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardActionArea, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, Title, useBasename, useTranslate } from 'react-admin';
import { formatPounds } from '@app/api/rules';
import { useGroupId } from '../bootstrap/GroupIdContext';
import { fetchDashboard, type DashboardData, type DashboardTile } from './dashboard-api';

const SECTIONS = ['work', 'contracts', 'system'] as const;
const londonDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A count that opens its list, already filtered: the list shows exactly the rows counted. */
function Tile({ tile }: { tile: DashboardTile }) {
  const basename = useBasename();
  const to = `${basename}/${tile.resource}?filter=${encodeURIComponent(JSON.stringify(tile.filter))}`;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }} data-testid={`tile-${tile.key}`}>
        <CardContent>
          <Typography variant="h4" component="p" color={tile.count > 0 ? 'text.primary' : 'text.secondary'}>
            {tile.count.toLocaleString('en-GB')}
          </Typography>
          <Typography>{tile.label}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Money({ finance }: { finance: NonNullable<DashboardData['finance']> }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('shb.dashboard.money')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 2 }}>
          <Box>
            <Typography color="text.secondary">{translate('shb.dashboard.billed')}</Typography>
            <Typography variant="h5" component="p" data-testid="billed">
              {formatPounds(finance.billedPence)}
            </Typography>
          </Box>
          <Box>
            <Typography color="text.secondary">{translate('shb.dashboard.collected')}</Typography>
            <Typography variant="h5" component="p" data-testid="collected">
              {formatPounds(finance.collectedPence)}
            </Typography>
          </Box>
        </Box>
        <Table size="small" aria-label={translate('shb.dashboard.debt')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('shb.dashboard.debt')}</TableCell>
              <TableCell align="right">Tenants</TableCell>
              <TableCell align="right">Owed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {finance.debt.map((bucket) => (
              <TableRow key={bucket.label}>
                <TableCell>{bucket.label}</TableCell>
                <TableCell align="right">{bucket.contracts}</TableCell>
                <TableCell align="right">{formatPounds(bucket.owedPence)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** The day's work for the signed-in role: counts that open their lists, and the month's money for finance roles. */
export function Dashboard() {
  const translate = useTranslate();
  const groupId = useGroupId();
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let active = true;
    fetchDashboard(groupId).then(
      (answer) => active && setData(answer),
      (failure: unknown) => active && setError(failure),
    );
    return () => {
      active = false;
    };
  }, [groupId]);
  return (
    <Box sx={{ mt: 2 }}>
      {/* The page's title is the top bar's, as on every back-office page. */}
      <Title title={translate('shb.dashboard.title')} />
      {error !== null && <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert>}
      {!data && error === null && <Loading />}
      {data && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('shb.dashboard.as_of', { date: londonDate.format(new Date(`${data.today}T00:00:00Z`)) })}
          </Typography>
          {data.tiles.length === 0 && <Typography>{translate('shb.dashboard.nothing')}</Typography>}
          {SECTIONS.map((section) => {
            const tiles = data.tiles.filter((tile) => tile.section === section);
            if (!tiles.length) return null;
            return (
              <Box key={section} component="section" sx={{ mb: 3 }} aria-labelledby={`dashboard-${section}`}>
                <Typography variant="h6" component="h2" id={`dashboard-${section}`} gutterBottom>
                  {translate(`shb.dashboard.${section}`)}
                </Typography>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
                  {tiles.map((tile) => (
                    <Tile key={tile.key} tile={tile} />
                  ))}
                </Box>
              </Box>
            );
          })}
          {data.finance && <Money finance={data.finance} />}
        </>
      )}
    </Box>
  );
}

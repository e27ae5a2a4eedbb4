import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { fetchHealth, type Health } from './health';

type HealthState = { status: 'loading' } | { status: 'ready'; health: Health } | { status: 'error'; error: string };

function StateChip({ value }: { value: string | undefined }) {
  const ok = value === 'ok';
  return <Chip size="small" label={value ?? 'unknown'} color={ok ? 'success' : 'error'} variant={ok ? 'filled' : 'outlined'} />;
}

// Shows GET /healthz so staff can tell at a glance whether the back end is healthy.
export function HealthPanel() {
  const translate = useTranslate();
  const [state, setState] = useState<HealthState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchHealth(controller.signal).then(
      (health) => setState({ status: 'ready', health }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: String(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const refresh = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('shb.health.title')}
          </Typography>
          <Button size="small" onClick={refresh}>
            {translate('shb.health.refresh')}
          </Button>
        </Stack>
        {state.status === 'loading' && <Typography>{translate('shb.health.checking')}</Typography>}
        {state.status === 'error' && (
          <Alert severity="error">{translate('shb.health.unreachable', { error: state.error })}</Alert>
        )}
        {state.status === 'ready' && (
          <Stack spacing={1}>
            {(
              [
                ['shb.health.overall', state.health.status],
                ['shb.health.database', state.health.checks.database],
                ['shb.health.jobQueue', state.health.checks.jobQueue],
              ] as const
            ).map(([label, value]) => (
              <Stack key={label} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography sx={{ minWidth: 120 }}>{translate(label)}</Typography>
                <StateChip value={value} />
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';

/** What a panel read from its endpoint (again every `everyMs` when given), and how to read it again now. */
export function useLoaded<T>(load: () => Promise<T>, everyMs?: number) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let active = true;
    const read = () =>
      load().then(
        (loaded) => active && (setData(loaded), setError(null)),
        (failure: unknown) => active && setError(failure instanceof Error ? failure.message : String(failure)),
      );
    void read();
    const timer = everyMs ? window.setInterval(() => void read(), everyMs) : undefined;
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [load, everyMs, round]);
  const reload = useCallback(async () => setRound((n) => n + 1), []);
  return { data, error, reload };
}

/** One operator panel: a titled card with its refresh button, its refusal if any, and its content. */
export function OperatorPanel({ id, title, onRefresh, error, children }: { id: string; title: string; onRefresh?: () => void; error?: string | null; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" id={`${id}-title`}>
            {title}
          </Typography>
          {onRefresh && (
            <Button size="small" onClick={onRefresh} aria-label={`Refresh ${title.toLowerCase()}`}>
              Refresh
            </Button>
          )}
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {children}
      </CardContent>
    </Card>
  );
}

import { TextField } from '@mui/material';
import type { Period } from './finance-api';

/**
 * The From/To dates of a finance period (inclusive). Each date shows its own error: the server's field message
 * (e.g. an overlapping journal under From) or the local check that the period ends on or after its start.
 */
export function PeriodFields({ value, onChange, errors }: { value: Period; onChange: (period: Period) => void; errors: Record<string, string> }) {
  const backwards = Boolean(value.periodStart && value.periodEnd && value.periodEnd < value.periodStart);
  const endError = backwards ? 'The period must end on or after its start' : errors.periodEnd;
  return (
    <>
      <TextField
        type="date"
        label="From"
        value={value.periodStart}
        onChange={(event) => onChange({ ...value, periodStart: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        required
        error={Boolean(errors.periodStart)}
        helperText={errors.periodStart ?? ' '}
      />
      <TextField
        type="date"
        label="To"
        value={value.periodEnd}
        onChange={(event) => onChange({ ...value, periodEnd: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        required
        error={Boolean(endError)}
        helperText={endError ?? ' '}
      />
    </>
  );
}

/** The period can be sent: both dates, in order. */
export const periodReady = (period: Period): boolean => Boolean(period.periodStart && period.periodEnd && period.periodEnd >= period.periodStart);

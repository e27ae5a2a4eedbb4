import { Chip } from '@mui/material';
import { labelFor } from '@app/api/rules';

type Tone = 'green' | 'amber' | 'grey' | 'red';

/** A small colour map for status values; anything else gets the default chip. */
const TONES: Readonly<Record<string, Tone>> = {
  ACTIVE: 'green',
  COMPLETE: 'green',
  COMPLETED: 'green',
  PAID: 'green',
  SETTLED: 'green',
  RESOLVED: 'green',
  APPROVED: 'green',
  PENDING: 'amber',
  IN_PROGRESS: 'amber',
  OUTSTANDING: 'amber',
  LEAVING: 'amber',
  CLOSED: 'grey',
  CANCELLED: 'grey',
  VOID: 'grey',
  INACTIVE: 'grey',
  FAILED: 'red',
  DISPUTE: 'red',
  REJECTED: 'red',
  DECLINED: 'red',
};

const CHIP_COLOUR = { green: 'success', amber: 'warning', red: 'error' } as const;

export function toneOf(value: string): Tone | undefined {
  return TONES[value];
}

/** An enum value as a coloured chip with its label. */
export function StatusChip({ value, values }: { value: unknown; values?: readonly string[] }) {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  const tone = toneOf(text);
  const label = labelFor(text, values);
  if (tone === 'grey') return <Chip size="small" label={label} sx={{ bgcolor: 'grey.700', color: 'common.white' }} data-value={text} />;
  return <Chip size="small" label={label} color={tone ? CHIP_COLOUR[tone] : 'default'} data-value={text} />;
}

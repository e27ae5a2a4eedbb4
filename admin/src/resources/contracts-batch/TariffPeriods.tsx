import { IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, useGetList } from 'react-admin';
import type { TariffPeriod } from './batch-api';
import { DateInput } from './DateInput';

/**
 * The tariff periods of one service: which tariff prices it from when to when. The tariffs offered are those of
 * the service's fuel (electricity and gas are the ones with tariffs); the server checks the periods (§5).
 */
export function TariffPeriods({ utilityType, periods, onChange, label }: { utilityType: string; periods: TariffPeriod[]; onChange: (periods: TariffPeriod[]) => void; label: string }) {
  const { data: tariffs = [] } = useGetList<{ id: string; name: string }>('Tariff', { filter: { utilityType }, pagination: { page: 1, perPage: 500 }, sort: { field: 'validFrom', order: 'DESC' } });
  const set = (index: number, values: Partial<TariffPeriod>) => onChange(periods.map((period, i) => (i === index ? { ...period, ...values } : period)));
  const choices = [...tariffs.map((tariff) => ({ id: String(tariff.id), name: tariff.name })), ...periods.filter((period) => !tariffs.some((tariff) => String(tariff.id) === period.tariffId)).map((period) => ({ id: period.tariffId, name: period.tariffName }))];
  return (
    <Stack spacing={1} sx={{ pl: { xs: 0, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary">
        Tariff periods
      </Typography>
      {periods.map((period, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <TextField select size="small" label={`${label} tariff`} value={period.tariffId} onChange={(event) => set(index, { tariffId: event.target.value, tariffName: choices.find((choice) => choice.id === event.target.value)?.name ?? '' })} sx={{ width: 280, maxWidth: '100%' }}>
            {choices.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
          <DateInput label="From" value={period.startDate} onChange={(value) => set(index, { startDate: value ?? '' })} />
          <DateInput label="To" value={period.endDate} onChange={(value) => set(index, { endDate: value ?? '' })} />
          <IconButton aria-label={`Remove the ${label.toLowerCase()} tariff period from ${period.startDate}`} onClick={() => onChange(periods.filter((_, i) => i !== index))}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button label="Add a tariff period" onClick={() => onChange([...periods, { tariffId: choices[0]?.id ?? '', tariffName: choices[0]?.name ?? '', startDate: periods.at(-1)?.endDate ?? '', endDate: '' }])} />
      </div>
    </Stack>
  );
}

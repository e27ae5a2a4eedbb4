import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, FormLabel, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Title, useCreatePath, useNotify } from 'react-admin';
import { addDays, addMonths, BILLING_TYPES, londonDate, BROADBAND_SPEEDS, ENERGY_USE_TYPES, labelFor, MARGIN_TYPES, PAYMENT_FREQUENCIES, PLAN_TYPES, UTILITY_TYPES } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionError } from '../../providers/graphql-action';
import { formatMoney } from '../catalogue/format';
import { canSaveQuotes, priceQuote, saveWeeklyQuote, type PricedQuote, type QuoteForm } from './quote-api';

/** The energy supply the chosen services imply (the quote refuses a mismatch, so staff never pick it). */
function supplyOf(services: readonly string[]): string {
  const electric = services.includes('electric');
  const gas = services.includes('gas');
  return electric && gas ? 'DUAL' : electric ? 'ELEC_ONLY' : gas ? 'GAS_ONLY' : 'NO_SUPPLY';
}

function firstOfNextMonth(): string {
  return `${addMonths(londonDate(new Date()), 1).slice(0, 8)}01`;
}

/**
 * Price a house (Pricing → Price a house): the quote service the public site uses, with the margin staff choose.
 * The answer per tenant a week and a month, line by line; staff save it as a weekly quote and start a house
 * contract already carrying its price.
 */
export function QuoteScreen() {
  const groupId = useGroupId();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const start = firstOfNextMonth();
  const [form, setForm] = useState<QuoteForm>({
    postcode: '',
    bedrooms: 4,
    numberOfTenants: 4,
    services: ['electric', 'gas', 'water', 'broadband'],
    broadbandSpeed: '400',
    billingType: 'PLAN',
    planType: 'GREENSAVER',
    energyUseType: 'MEDIUM',
    supplyType: 'DUAL',
    startDate: start,
    endDate: addDays(addMonths(start, 12), -1),
    paymentFrequency: 'MONTHLY',
    marginType: 'STANDARD',
  });
  const [quote, setQuote] = useState<PricedQuote | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<QuoteForm>) => {
    setForm((current) => {
      const next = { ...current, ...patch };
      return { ...next, supplyType: supplyOf(next.services), broadbandSpeed: next.services.includes('broadband') ? (next.broadbandSpeed ?? '400') : null, planType: next.billingType === 'PLAN' ? (next.planType ?? 'GREENSAVER') : null };
    });
    setQuote(null);
  };
  const run = async (act: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await act();
    } catch (failure) {
      setError(failure instanceof ActionError ? failure : new ActionError(String(failure), {}));
    } finally {
      setBusy(false);
    }
  };
  const price = () => run(async () => setQuote(await priceQuote(groupId, form)));
  const save = () =>
    run(async () => {
      const id = await saveWeeklyQuote(groupId, form);
      notify(`Weekly quote saved (#${id})`, { type: 'success' });
    });
  const startContract = () =>
    navigate(createPath({ resource: 'HouseContract', type: 'create' }), {
      state: {
        record: {
          billingType: form.billingType,
          planType: form.planType,
          signUpDate: form.startDate,
          endDate: form.endDate,
          numberOfTenants: form.numberOfTenants,
          customersSharing: form.numberOfTenants,
          supplyType: form.supplyType,
          energyUseType: form.energyUseType,
          marginType: form.marginType,
          paymentFrequency: form.paymentFrequency,
          weeklyPricePence: quote?.weeklyPerTenantPence,
        },
      },
    });
  const field = (name: string) => error?.fields[name];
  const choices = (values: readonly string[]) => values.map((value) => (
    <MenuItem key={value} value={value}>
      {labelFor(value, values)}
    </MenuItem>
  ));

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960, minWidth: 0 }}>
      <Title title="Price a house" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Price a house
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
          <TextField label="Postcode" value={form.postcode} onChange={(event) => set({ postcode: event.target.value })} required error={Boolean(field('postcode'))} helperText={field('postcode') ?? 'Gives the electricity region'} />
          <TextField label="Bedrooms" type="number" value={form.bedrooms} onChange={(event) => set({ bedrooms: Number(event.target.value) })} error={Boolean(field('bedrooms'))} helperText={field('bedrooms') ?? ' '} />
          <TextField label="Tenants" type="number" value={form.numberOfTenants} onChange={(event) => set({ numberOfTenants: Number(event.target.value) })} error={Boolean(field('numberOfTenants'))} helperText={field('numberOfTenants') ?? '1 to 12'} />
          <TextField select label="Billing" value={form.billingType} onChange={(event) => set({ billingType: event.target.value })}>
            {choices(BILLING_TYPES)}
          </TextField>
          {form.billingType === 'PLAN' && (
            <TextField select label="Plan" value={form.planType ?? ''} onChange={(event) => set({ planType: event.target.value })} error={Boolean(field('planType'))} helperText={field('planType') ?? ' '}>
              {choices(PLAN_TYPES)}
            </TextField>
          )}
          <TextField select label="Energy use" value={form.energyUseType} onChange={(event) => set({ energyUseType: event.target.value })}>
            {choices(ENERGY_USE_TYPES)}
          </TextField>
          <TextField label="Start" type="date" value={form.startDate} onChange={(event) => set({ startDate: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} error={Boolean(field('startDate'))} helperText={field('startDate') ?? ' '} />
          <TextField label="End" type="date" value={form.endDate} onChange={(event) => set({ endDate: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} error={Boolean(field('endDate'))} helperText={field('endDate') ?? 'Inclusive'} />
          <TextField select label="Payments" value={form.paymentFrequency} onChange={(event) => set({ paymentFrequency: event.target.value })}>
            {choices(PAYMENT_FREQUENCIES)}
          </TextField>
          <TextField select label="Margin" value={form.marginType} onChange={(event) => set({ marginType: event.target.value })} error={Boolean(field('marginType'))} helperText={field('marginType') ?? ' '}>
            {choices(MARGIN_TYPES)}
          </TextField>
          {form.services.includes('broadband') && (
            <TextField select label="Broadband speed" value={form.broadbandSpeed ?? '400'} onChange={(event) => set({ broadbandSpeed: event.target.value })}>
              {choices(BROADBAND_SPEEDS)}
            </TextField>
          )}
        </Box>
        <FormLabel component="legend" sx={{ mt: 2 }}>
          Services
        </FormLabel>
        <FormGroup row>
          {UTILITY_TYPES.map((utility) => (
            <FormControlLabel
              key={utility}
              label={labelFor(utility)}
              control={<Checkbox checked={form.services.includes(utility)} onChange={(event) => set({ services: event.target.checked ? [...form.services, utility] : form.services.filter((item) => item !== utility) })} />}
            />
          ))}
        </FormGroup>
        {field('services') && <Alert severity="error">{field('services')}</Alert>}
        {error && Object.keys(error.fields).length === 0 && <Alert severity="error">{error.message}</Alert>}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void price()} disabled={busy}>
            Price it
          </Button>
          {quote && canSaveQuotes() && (
            <Button onClick={() => void save()} disabled={busy}>
              Save as a weekly quote
            </Button>
          )}
          {quote && (
            <Button onClick={startContract} disabled={busy}>
              Start a house contract at this price
            </Button>
          )}
        </Stack>
      </Paper>
      {quote && <QuoteAnswer quote={quote} />}
    </Box>
  );
}

function QuoteAnswer({ quote }: { quote: PricedQuote }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="quote-answer">
      <Typography component="h2" variant="h6">
        {formatMoney(quote.weeklyPerTenantPence)} per tenant a week
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {formatMoney(quote.monthlyPerTenantPence)} a month; {quote.instalmentsPerYear} instalments a year of {formatMoney(quote.instalmentPerTenantPence)}. The house: {formatMoney(quote.houseWeeklyPence)} a week, {formatMoney(quote.houseTotalPence)} over {quote.days} days ({quote.regionName}, margin {(quote.marginBasisPoints / 100).toLocaleString('en-GB')}%).
      </Typography>
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Quote by service">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Service</TableCell>
              <TableCell align="right">Over the contract</TableCell>
              <TableCell align="right">of which margin</TableCell>
              <TableCell align="right">of which VAT</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {quote.lines.map((line) => (
              <TableRow key={line.utilityType}>
                <TableCell>
                  {line.label}
                  {line.allowanceKwh ? ` (allowance ${line.allowanceKwh.toLocaleString('en-GB')} kWh a year)` : ''}
                </TableCell>
                <TableCell align="right">{formatMoney(line.totalPence)}</TableCell>
                <TableCell align="right">{formatMoney(line.marginPence)}</TableCell>
                <TableCell align="right">{formatMoney(line.vatPence)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

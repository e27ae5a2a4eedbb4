import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button as MuiButton, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCreatePath, useNotify, useRecordContext } from 'react-admin';
import { tokenPermissions } from '@app/api/client';
import { labelFor } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionError } from '../../providers/graphql-action';
import { ActionDialog } from '../ActionDialog';
import { formatDate, formatMoney } from '../catalogue/format';
import { useDialogAction } from '../useDialogAction';
import { canChangePayments, loadContractPayments, sendPaymentLink, settleRefund, takeCardPayment, type ContractPayments } from './contract-payments-api';

const STATUS_COLOURS: Record<string, 'default' | 'info' | 'success' | 'error' | 'warning'> = { PENDING: 'default', SUBMITTED: 'info', SETTLED: 'success', FAILED: 'error', ACTIVE: 'warning', PAID: 'success', CANCELLED: 'default' };
const COLLECTION_STATES: Record<string, string> = { PENDING: 'Planned', SUBMITTED: 'Sent to the bank', SETTLED: 'Collected', FAILED: 'Failed' };

/**
 * A tenant contract's Payments tab: how it pays (cards and Direct Debits on file), its schedules with the next
 * dates, the latest collections and where each got to, and its refunds; with the day's actions — take a card
 * payment now, send the tenant a payment link, request, pay out or cancel a refund.
 */
export function ContractPaymentsTab() {
  const record = useRecordContext<{ id: number | string }>();
  const groupId = useGroupId();
  const [data, setData] = useState<ContractPayments | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = record ? String(record.id) : null;
  const reload = useCallback(() => {
    if (!id) return;
    loadContractPayments(groupId, id).then(setData, (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [groupId, id]);
  useEffect(reload, [reload]);

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!data || !id) return <Typography sx={{ p: 2 }}>Loading payments…</Typography>;
  const canChange = canChangePayments();
  return (
    <Stack spacing={3} sx={{ width: '100%', minWidth: 0 }} data-testid="contract-payments">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography>
          Pays by <strong>{data.paymentMethod || 'no method chosen'}</strong>
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {canChange && data.hasActiveCard && <TakeCardPayment tenantContractId={id} onDone={reload} />}
        {canChange && <SendPaymentLink tenantContractId={id} />}
      </Stack>

      <Section title="Methods on file" empty="No card or Direct Debit on file." rows={data.methods.length}>
        <TableHead>
          <TableRow>
            <TableCell>Method</TableCell>
            <TableCell>State</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.methods.map((method) => (
            <TableRow key={method.id}>
              <TableCell sx={{ wordBreak: 'break-word' }}>{method.description}</TableCell>
              <TableCell>{method.state}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Section>

      <Section title="Schedules" empty="No payment schedule." rows={data.schedules.length}>
        <TableHead>
          <TableRow>
            <TableCell>Schedule</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Next dates</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.schedules.map((schedule) => (
            <TableRow key={schedule.id}>
              <TableCell>{schedule.description}</TableCell>
              <TableCell>{schedule.status}</TableCell>
              <TableCell>{schedule.nextDates.length ? schedule.nextDates.map(formatDate).join(', ') : 'None'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Section>

      <Section title="Collections" empty="Nothing collected yet." rows={data.collections.length}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>By</TableCell>
            <TableCell>State</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.collections.map((collection) => (
            <Fragment key={collection.id}>
              <TableRow sx={collection.failureReason ? { '& td': { borderBottom: 0 } } : undefined}>
                <TableCell>{formatDate(collection.collectionDate)}</TableCell>
                <TableCell align="right">{formatMoney(collection.amountPence)}</TableCell>
                <TableCell>{collection.channel + (collection.attempt > 1 ? ' (second try)' : '')}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOURS[collection.status] ?? 'default'} label={COLLECTION_STATES[collection.status] ?? labelFor(collection.status)} />
                </TableCell>
              </TableRow>
              {collection.failureReason && (
                // The bank's reason on a line of its own, as wide as the table: readable on a phone too.
                <TableRow>
                  <TableCell colSpan={4} sx={{ pt: 0, color: 'text.secondary', wordBreak: 'break-word' }}>
                    {collection.failureReason}
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Section>

      <Section
        title="Refunds"
        empty="No refunds."
        rows={data.refunds.length}
        action={canChange ? <RequestRefund tenantContractId={id} /> : null}
      >
        <TableHead>
          <TableRow>
            <TableCell>Requested</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Type and reason</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.refunds.map((refund) => (
            <TableRow key={refund.id}>
              <TableCell>{formatDate(refund.requestedOn)}</TableCell>
              <TableCell align="right">{formatMoney(refund.amountPence)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{[refund.refundType, refund.reason].filter(Boolean).join(': ')}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOURS[refund.status] ?? 'default'} label={labelFor(refund.status)} />
                {canChange && refund.status === 'ACTIVE' && <RefundActions refundId={refund.id} onDone={reload} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Section>
    </Stack>
  );
}

function Section({ title, empty, rows, action, children }: { title: string; empty: string; rows: number; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {rows === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        // A table scrolls inside its own box on a phone: the page itself is never wider than the window.
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">{children}</Table>
        </Box>
      )}
    </Box>
  );
}

/** The refund form, filled in for this contract (a plain button: react-admin's create button floats over the page on a phone). */
function RequestRefund({ tenantContractId }: { tenantContractId: string }) {
  const createPath = useCreatePath();
  return (
    <MuiButton size="small" startIcon={<AddIcon />} component={Link} to={createPath({ resource: 'Refund', type: 'create' })} state={{ record: { tenantContractId: Number(tenantContractId), status: 'ACTIVE' } }}>
      Request a refund
    </MuiButton>
  );
}

function TakeCardPayment({ tenantContractId, onDone }: { tenantContractId: string; onDone: () => void }) {
  const groupId = useGroupId();
  const notify = useNotify();
  const action = useDialogAction();
  const [pounds, setPounds] = useState('');
  // One key per opening of the dialog: a double submit, or a retry after a lost answer, charges once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const pence = /^\d{1,5}(\.\d{1,2})?$/.test(pounds.trim()) ? Math.round(Number(pounds.trim()) * 100) : null;
  const submit = async () => {
    const result = await takeCardPayment(groupId, tenantContractId, pence!, key);
    if (result.collectionStatus === 'FAILED') throw new ActionError(`The card payment failed: ${result.failureReason ?? 'no reason given'}`, {});
    notify(`${formatMoney(pence)} taken from the card`, { type: 'success' });
    setPounds('');
    setKey(crypto.randomUUID());
    onDone();
  };
  return (
    <ActionDialog action={action} label="Take card payment" icon={<CreditCardIcon />} testId="take-card-payment" title="Take a payment from the card on file" submitLabel="Take payment" onSubmit={submit} canSubmit={pence !== null && pence > 0}>
      <TextField
        label="Amount (£)"
        value={pounds}
        onChange={(event) => setPounds(event.target.value)}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={Boolean(action.error)}
        helperText={action.error?.fields.amountPence ?? action.error?.message ?? 'The tenant is charged at once; they get a receipt notification'}
      />
    </ActionDialog>
  );
}

function SendPaymentLink({ tenantContractId }: { tenantContractId: string }) {
  const groupId = useGroupId();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      notify(`Payment link sent to ${await sendPaymentLink(groupId, tenantContractId)}`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <MuiButton size="small" startIcon={<SendIcon />} onClick={send} disabled={busy} data-testid="send-payment-link">
      Send payment link
    </MuiButton>
  );
}

function RefundActions({ refundId, onDone }: { refundId: string; onDone: () => void }) {
  const groupId = useGroupId();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const canPayOut = tokenPermissions()?.keys.includes('AUTHORIZE_REFUND') ?? false;
  const act = async (action: 'authorizeRefund' | 'cancelRefund') => {
    setBusy(true);
    try {
      await settleRefund(groupId, refundId, action);
      notify(action === 'authorizeRefund' ? 'Refund paid out' : 'Refund cancelled', { type: 'success' });
      onDone();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
      {canPayOut && (
        <MuiButton size="small" disabled={busy} onClick={() => act('authorizeRefund')}>
          Pay out
        </MuiButton>
      )}
      <MuiButton size="small" color="warning" disabled={busy} onClick={() => act('cancelRefund')}>
        Cancel refund
      </MuiButton>
    </Stack>
  );
}

import { Bill, DirectDebitMandate, LedgerEntry, Meter, PaymentMethod, PaymentSchedule, type Knex } from '@app/db';
import { addDays, addMonths, contractPeriod, daysBetween } from '../../rules';
import { ownContract, tenantDates } from './own-contracts';
import { userContractView } from './user-contracts.service';

/*
 * Billing & Payments and the dashboard: one contract's ledger as a statement of account (running balance),
 * its statements, its payment methods and schedule, all read-only here (paying and adding a card belong to
 * the payments module), and the tasks waiting for the tenant.
 */

/** The next date on or after `from` that falls on `day` of a month (31 means the month's last day). */
export function nextPaymentDate(from: string, day: number): string {
  for (let months = 0; months < 3; months += 1) {
    const month = addMonths(`${from.slice(0, 8)}01`, months);
    const candidate = addMonths(`${month.slice(0, 8)}01`, 0).slice(0, 8) + String(Math.min(day, daysInMonth(month))).padStart(2, '0');
    if (candidate >= from) return candidate;
  }
  return from;
}
function daysInMonth(firstOfMonth: string): number {
  return daysBetween(`${firstOfMonth.slice(0, 8)}01`, addMonths(`${firstOfMonth.slice(0, 8)}01`, 1));
}

export async function tenantAccount(db: Knex, userId: number, contractId?: number | null) {
  const { contract, today } = await ownContract(db, userId, contractId);
  const [entries, bills, methods, schedules, mandates] = await Promise.all([
    LedgerEntry.query(db).where({ tenant_contract_id: contract.id }).orderBy([{ column: 'entry_date' }, { column: 'id' }]),
    Bill.query(db).where({ tenant_contract_id: contract.id }).whereIn('kind', ['TENANT_STATEMENT', 'FINAL_STATEMENT', 'ENERGY_BILL']).orderBy([{ column: 'issue_date', order: 'desc' }, { column: 'id', order: 'desc' }]),
    PaymentMethod.query(db).where({ tenant_contract_id: contract.id }).orderBy('id'),
    PaymentSchedule.query(db).where({ tenant_contract_id: contract.id }).orderBy('start_date'),
    DirectDebitMandate.query(db).where({ tenant_contract_id: contract.id }),
  ]);

  // Entries dated in the future (plan instalments not yet due) are listed as upcoming, not in the balance.
  let running = 0;
  const ledger = entries
    .filter((entry) => entry.entryDate <= today)
    .map((entry) => {
      running += entry.amountPence;
      return { id: entry.id, date: entry.entryDate, kind: entry.kind, description: entry.description, amountPence: entry.amountPence, balancePence: running, billId: entry.billId };
    });
  const upcoming = entries.filter((entry) => entry.entryDate > today).map((entry) => ({ id: entry.id, date: entry.entryDate, kind: entry.kind, description: entry.description, amountPence: entry.amountPence }));
  const chargedPence = ledger.filter((line) => line.amountPence > 0).reduce((sum, line) => sum + line.amountPence, 0);
  const paidPence = -ledger.filter((line) => line.amountPence < 0).reduce((sum, line) => sum + line.amountPence, 0);

  const active = methods.filter((method) => method.isActive);
  const paymentMethods = methods.map((method) => {
    const mandate = mandates.find((m) => m.id === method.mandateId);
    return {
      id: method.id,
      kind: method.kind,
      isActive: method.isActive,
      cardLast4: method.cardLast4,
      cardExpiryMonth: method.cardExpiryMonth,
      cardExpiryYear: method.cardExpiryYear,
      mandateStatus: mandate?.status ?? null,
      accountNumberEnding: mandate?.accountNumberEnding ?? null,
      mandateReference: mandate?.reference ?? null,
    };
  });
  const activeSchedule = schedules.find((schedule) => schedule.status === 'ACTIVE');
  const nextEntry = upcoming.find((entry) => entry.amountPence > 0);
  const nextPayment = activeSchedule
    ? {
        date: nextEntry?.date ?? nextPaymentDate(today, activeSchedule.paymentDay ?? contract.paymentDay),
        amountPence: nextEntry?.amountPence ?? activeSchedule.amountPence,
        method: active[0]?.kind ?? contract.paymentMethod,
      }
    : null;

  const tasks = await tenantTasks(db, { contract, today, paymentMethods: paymentMethods.filter((m) => m.isActive) });
  return {
    contract: userContractView(contract, today),
    balancePence: running,
    chargedPence,
    paidPence,
    ledger: ledger.reverse(),
    upcoming,
    statements: bills.map((bill) => ({ id: bill.id, kind: bill.kind, state: bill.state, periodStart: bill.periodStart, periodEnd: bill.periodEnd, issueDate: bill.issueDate, dueDate: bill.dueDate, totalPence: bill.totalPence })),
    paymentMethods,
    schedules: schedules.map((schedule) => ({ id: schedule.id, kind: schedule.kind, scheduleType: schedule.scheduleType, amountPence: schedule.amountPence, paymentDay: schedule.paymentDay, startDate: schedule.startDate, endDate: schedule.endDate, times: schedule.times, status: schedule.status })),
    nextPayment,
    tasks,
  };
}

/** What is waiting for the tenant: a meter reading due, a card expiring, an end-of-contract choice to make. */
async function tenantTasks(
  db: Knex,
  { contract, today, paymentMethods }: { contract: Awaited<ReturnType<typeof ownContract>>['contract']; today: string; paymentMethods: Array<{ kind: string; cardExpiryMonth: number | null; cardExpiryYear: number | null; cardLast4: string | null }> },
) {
  const tasks: Array<{ kind: string; text: string; link: string }> = [];
  if (contractPeriod(tenantDates(contract), today, 'GIVE_METER_READING') === 'CURRENT') {
    const meters = await Meter.query(db).where({ house_id: contract.houseContract!.houseId, is_active: true }).withGraphFetched('readings(latest)').modifiers({ latest: (q) => q.whereNotIn('status', ['DECLINED', 'REJECTED', 'ARCHIVED']).orderBy('reading_date', 'desc') });
    const stale = meters.filter((meter) => !meter.readings?.[0] || daysBetween(meter.readings[0].readingDate, today) > 30);
    if (stale.length) tasks.push({ kind: 'METER_READING', text: `A meter reading is due: ${stale.length === 1 ? 'one meter has' : `${stale.length} meters have`} not been read for over a month.`, link: '/tenant-profile/give-meter-reading' });
  }
  const soon = addMonths(today, 2);
  for (const card of paymentMethods.filter((method) => method.kind === 'CARD' && method.cardExpiryYear && method.cardExpiryMonth)) {
    const expires = `${card.cardExpiryYear}-${String(card.cardExpiryMonth).padStart(2, '0')}-01`;
    if (expires <= soon) tasks.push({ kind: 'CARD_EXPIRING', text: `Your card ending ${card.cardLast4} expires at the end of ${String(card.cardExpiryMonth).padStart(2, '0')}/${card.cardExpiryYear}: add a new card before then.`, link: '/tenant-profile/payments/info' });
  }
  const choiceOpen = contractPeriod(tenantDates(contract), today, 'END_OF_YEAR') === 'CURRENT' && !contract.eoyAction && daysBetween(today, contract.endDate) <= 120;
  if (choiceOpen) tasks.push({ kind: 'END_OF_CONTRACT', text: `Your contract ends on ${contract.endDate.split('-').reverse().join('/')}: tell us whether you will leave, stay or move.`, link: '/tenant-profile/end-of-contract' });
  return tasks;
}

/** The deadline of the end-of-year choice: 90 days after the contract's end (§4). */
export function endOfYearDeadline(endDate: string): string {
  return addDays(endDate, 90);
}

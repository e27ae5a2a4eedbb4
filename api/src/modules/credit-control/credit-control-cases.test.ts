import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { addDays } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { runCreditControlLadder } from './run-ladder.service';
import { createTestDebtor, type TestDebtor } from '../../testing/test-debtor';

/*
 * Staff working credit control through the API: the board, moving a case (audited, the tenant told once per
 * stage), agreeing a payment plan, the timeline, and templates (edit rules, preview, test send). Each operation
 * is tried with another group's ids (X-Group-ID 1 for group 2's records) and by callers without the area.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let tenant: string;
let today: string;
let debtor: TestDebtor;
let caseId: string;
const GROUP_2 = { 'X-Group-ID': '2' };
const GROUP_1 = { 'X-Group-ID': '1' };

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  [staff, readonly, tenant] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test'), api.signIn('group2tenant@demo.test')]);
  today = await readSystemCurrentDate(api.db.knex);
  debtor = await createTestDebtor(api.db.knex, { groupId: 2, since: addDays(today, -10), owedPence: 7_250 });
  await runCreditControlLadder(api.db.knex, api.boss, { today, payLinkBase: 'https://bills.test' });
  const record = await api.db.knex('credit_control_records').where({ tenant_contract_id: debtor.contractId }).first('id');
  caseId = String(record.id);
});
afterAll(() => api.stop());

const BOARD = /* GraphQL */ `
  query ($dueToday: Boolean) {
    creditControlBoard(dueToday: $dueToday) { today stages { value label } cases { id stage status tenantName debt daysOverdue nextChasedDate dueToday } }
  }
`;
const MOVE = /* GraphQL */ `
  mutation ($id: ID!, $stage: String!) { moveCreditControlCase(id: $id, stage: $stage) { id stage messageQueued } }
`;
const PLAN = /* GraphQL */ `
  mutation ($caseId: ID!, $amountPence: Int!, $firstPaymentDate: String!, $repaymentType: String!) {
    agreeRepaymentPlan(caseId: $caseId, amountPence: $amountPence, firstPaymentDate: $firstPaymentDate, repaymentType: $repaymentType) { id scheduleId repayments }
  }
`;
const TIMELINE = /* GraphQL */ `query ($caseId: ID!) { creditControlTimeline(caseId: $caseId) { kind text by } }`;
const PREVIEW = /* GraphQL */ `
  query ($id: ID!, $tenantContractId: ID!, $body: String) { previewMessageTemplate(id: $id, tenantContractId: $tenantContractId, body: $body) { channel to subject text characters problems } }
`;
const TEST_SEND = /* GraphQL */ `mutation ($id: ID!, $tenantContractId: ID!) { sendTestMessage(id: $id, tenantContractId: $tenantContractId) }`;

const errorOf = (body: { errors?: Array<{ message: string; extensions?: { code?: string; fields?: unknown } }> }) => body.errors?.[0];
const templateId = async (step: string, channel: string) => String((await api.db.knex('message_templates').where({ step, channel }).first('id')).id);

it('shows the group\'s open cases on the board with the tenant\'s name, the debt in pounds and the days overdue', async () => {
  const res = await api.graphql(BOARD, {}, staff, GROUP_2);
  expect(res.body.errors).toBeUndefined();
  const board = res.body.data.creditControlBoard;
  expect(board.stages[0]).toEqual({ value: 'ENGAGEMENT', label: 'Engagement' });
  expect(board.cases.find((card: { id: string }) => card.id === caseId)).toMatchObject({ stage: 'ENGAGEMENT', status: 'No response yet', tenantName: `${debtor.firstName} Tenant`, debt: '£72.50', daysOverdue: 10 });
  // Group 1's board does not show group 2's case.
  const other = await api.graphql(BOARD, {}, staff, GROUP_1);
  expect(other.body.data.creditControlBoard.cases.some((card: { id: string }) => card.id === caseId)).toBe(false);
  // Due today: only cases whose next chased date has come.
  await api.db.knex('credit_control_records').where({ id: caseId }).update({ next_chased_date: addDays(today, 3) });
  const due = await api.graphql(BOARD, { dueToday: true }, staff, GROUP_2);
  expect(due.body.data.creditControlBoard.cases.some((card: { id: string }) => card.id === caseId)).toBe(false);
  await api.db.knex('credit_control_records').where({ id: caseId }).update({ next_chased_date: today });
  const dueNow = await api.graphql(BOARD, { dueToday: true }, staff, GROUP_2);
  expect(dueNow.body.data.creditControlBoard.cases.find((card: { id: string }) => card.id === caseId)).toMatchObject({ dueToday: true, nextChasedDate: today });
});

it('moves a case to another stage, audited with who moved it, and e-mails the tenant once per stage', async () => {
  const moved = await api.graphql(MOVE, { id: caseId, stage: 'ALTERNATIVE_DEBT_PATHWAY' }, staff, GROUP_2);
  expect(moved.body.data.moveCreditControlCase).toEqual({ id: caseId, stage: 'ALTERNATIVE_DEBT_PATHWAY', messageQueued: true });
  await api.graphql(MOVE, { id: caseId, stage: 'ENGAGEMENT' }, staff, GROUP_2);
  const again = await api.graphql(MOVE, { id: caseId, stage: 'ALTERNATIVE_DEBT_PATHWAY' }, staff, GROUP_2);
  expect(again.body.data.moveCreditControlCase.messageQueued).toBe(false);
  const mails = await api.db.knex('outbox_messages').where({ recipient: debtor.email, subject: 'An update on your account' }).select('text_body');
  expect(mails).toHaveLength(2);
  expect(mails[0].text_body).toContain('Your account (£72.50 owed) is now handled as: Alternative debt pathway.');
  const staffUser = await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id');
  expect(await api.db.knex('audit_log').where({ entity: 'credit_control_records', entity_id: caseId, actor_user_id: staffUser.id }).count({ n: '*' })).toEqual([{ n: 3 }]);

  // Not while the tenant still owes: resolved means paid.
  const resolve = await api.graphql(MOVE, { id: caseId, stage: 'DEBT_RESOLVED' }, staff, GROUP_2);
  expect(errorOf(resolve.body)?.extensions?.fields).toEqual([{ field: 'stage', rule: 'zeroBalance', message: 'A case is resolved once the balance is paid (£72.50 is owed)' }]);
  const unknown = await api.graphql(MOVE, { id: caseId, stage: 'SOMEWHERE' }, staff, GROUP_2);
  expect(errorOf(unknown.body)?.extensions?.fields).toEqual([{ field: 'stage', rule: 'oneOf', message: 'Choose one of the stages' }]);
});

it('refuses another group\'s case, a read-only member of staff and a tenant', async () => {
  const elsewhere = await api.graphql(MOVE, { id: caseId, stage: 'LEGAL' }, staff, GROUP_1);
  expect(errorOf(elsewhere.body)).toMatchObject({ message: 'Credit control case not found.', extensions: { code: 'NOT_FOUND' } });
  expect(errorOf((await api.graphql(PLAN, { caseId, amountPence: 1_000, firstPaymentDate: addDays(today, 1), repaymentType: 'FIXED' }, staff, GROUP_1)).body)?.extensions?.code).toBe('NOT_FOUND');
  expect(errorOf((await api.graphql(TIMELINE, { caseId }, staff, GROUP_1)).body)?.extensions?.code).toBe('NOT_FOUND');
  expect(errorOf((await api.graphql(PREVIEW, { id: await templateId('BEHIND_ON_PAYMENTS', 'EMAIL'), tenantContractId: String(debtor.contractId) }, staff, GROUP_1)).body)?.extensions?.code).toBe('NOT_FOUND');
  expect(errorOf((await api.graphql(TEST_SEND, { id: await templateId('BEHIND_ON_PAYMENTS', 'EMAIL'), tenantContractId: String(debtor.contractId) }, staff, GROUP_1)).body)?.extensions?.code).toBe('NOT_FOUND');
  expect(errorOf((await api.graphql(MOVE, { id: caseId, stage: 'LEGAL' }, readonly, GROUP_2)).body)?.extensions?.code).toBe('FORBIDDEN');
  expect(errorOf((await api.graphql(BOARD, {}, tenant)).body)?.extensions?.code).toBe('FORBIDDEN');
  expect((await api.db.knex('credit_control_records').where({ id: caseId }).first('stage')).stage).not.toBe('LEGAL');
});

it('agrees a payment plan: a monthly schedule, the case paused on the ladder, bad input named by field', async () => {
  const bad = await api.graphql(PLAN, { caseId, amountPence: 50, firstPaymentDate: addDays(today, -1), repaymentType: 'WEEKLY' }, staff, GROUP_2);
  expect(errorOf(bad.body)?.extensions?.fields).toEqual([
    { field: 'amountPence', rule: 'range', message: 'Enter the amount of each repayment, from £1 to the debt owed (£72.50)' },
    { field: 'firstPaymentDate', rule: 'notPast', message: 'The first repayment cannot be in the past' },
    { field: 'repaymentType', rule: 'oneOf', message: 'Choose fixed or variable repayments' },
  ]);
  const res = await api.graphql(PLAN, { caseId, amountPence: 2_500, firstPaymentDate: addDays(today, 5), repaymentType: 'FIXED' }, staff, GROUP_2);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.agreeRepaymentPlan).toMatchObject({ id: caseId, repayments: 3 });
  const schedule = await api.db.knex('payment_schedules').where({ id: res.body.data.agreeRepaymentPlan.scheduleId }).first('kind', 'schedule_type', 'amount_pence', 'times', 'tenant_contract_id');
  expect(schedule).toEqual({ kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', amount_pence: 2_500, times: 3, tenant_contract_id: debtor.contractId });
  expect(await api.db.knex('credit_control_records').where({ id: caseId }).first('status', 'debt_repayment_type')).toEqual({ status: 'DEBT_SCHEDULE_AGREED', debt_repayment_type: 'FIXED' });

  const timeline = await api.graphql(TIMELINE, { caseId }, staff, GROUP_2);
  const events = timeline.body.data.creditControlTimeline as Array<{ kind: string; text: string; by: string }>;
  expect(events[0]).toEqual({ kind: 'CHANGE', text: expect.stringContaining('Status: No response yet → Debt schedule agreed'), by: 'Freya Evans' });
  expect(events.filter((event) => event.text.startsWith('Stage:')).map((event) => event.text)).toEqual([
    'Stage: Engagement → Alternative debt pathway',
    'Stage: Alternative debt pathway → Engagement',
    'Stage: Engagement → Alternative debt pathway',
  ]);
  expect(events.some((event) => event.kind === 'MESSAGE' && event.text.startsWith('Behind on payments (e-mail): sent, £72.50 owed 10 days overdue'))).toBe(true);
  expect(events.at(-1)).toMatchObject({ kind: 'CHANGE', text: 'Case opened: Engagement, no response yet', by: 'Credit control' });
});

describe('the ladder\'s timings', () => {
  const UPDATE_STEP = /* GraphQL */ `mutation ($id: ID!, $daysOverdue: Int) { updateCreditControlStep(id: $id, daysOverdue: $daysOverdue) { id daysOverdue } }`;
  const stepId = async (step: string) => String((await api.db.knex('credit_control_steps').where({ step }).first('id')).id);

  it('lets staff move a step to another day, refusing days on an event step and no days on a ladder step', async () => {
    const noDays = await api.graphql(UPDATE_STEP, { id: await stepId('NO_CARD'), daysOverdue: null }, staff, GROUP_2);
    expect(errorOf(noDays.body)?.extensions?.fields).toEqual([{ field: 'daysOverdue', rule: 'required', message: 'Enter the days overdue at which this step goes' }]);
    const onEvent = await api.graphql(UPDATE_STEP, { id: await stepId('FAILED_PAYMENT'), daysOverdue: 3 }, staff, GROUP_2);
    expect(errorOf(onEvent.body)?.extensions?.fields).toEqual([expect.objectContaining({ field: 'daysOverdue', rule: 'sentOnEvent' })]);
    const tooMany = await api.graphql(UPDATE_STEP, { id: await stepId('NO_CARD'), daysOverdue: 400 }, staff, GROUP_2);
    expect(errorOf(tooMany.body)?.extensions?.fields).toEqual([expect.objectContaining({ field: 'daysOverdue' })]);

    // Behind on payments at 3 days instead of 7: a debtor 4 days overdue now gets it.
    const moved = await api.graphql(UPDATE_STEP, { id: await stepId('BEHIND_ON_PAYMENTS'), daysOverdue: 3 }, staff, GROUP_2);
    expect(moved.body.data.updateCreditControlStep.daysOverdue).toBe(3);
    const early = await createTestDebtor(api.db.knex, { groupId: 2, since: addDays(today, -4) });
    await runCreditControlLadder(api.db.knex, api.boss, { today, payLinkBase: 'https://bills.test' });
    expect(await api.db.knex('credit_control_messages').where({ tenant_contract_id: early.contractId }).pluck('step')).toEqual(['BEHIND_ON_PAYMENTS']);
    await api.graphql(UPDATE_STEP, { id: await stepId('BEHIND_ON_PAYMENTS'), daysOverdue: 7 }, staff, GROUP_2);
  });
});

describe('templates', () => {
  const UPDATE = /* GraphQL */ `mutation ($id: ID!, $subject: String, $body: String) { updateMessageTemplate(id: $id, subject: $subject, body: $body) { id body } }`;

  it('checks a text message against the SMS length rule and unknown placeholders as staff save it', async () => {
    const sms = await templateId('FAILED_PAYMENT', 'SMS');
    const tooLong = await api.graphql(UPDATE, { id: sms, body: 'ł'.repeat(738) }, staff, GROUP_2);
    expect(errorOf(tooLong.body)?.extensions?.fields).toEqual([{ field: 'body', rule: 'smsText', message: 'Text message cannot be longer than 737 characters when it uses characters outside the basic GSM set' }]);
    const typo = await api.graphql(UPDATE, { id: sms, body: 'Hi {{firstname}}, pay {{amount}}' }, staff, GROUP_2);
    expect(errorOf(typo.body)?.extensions?.fields).toEqual([{ field: 'body', rule: 'placeholder', message: 'Unknown placeholder: {{firstname}}' }]);
    const email = await templateId('NO_CARD', 'EMAIL');
    const noSubject = await api.graphql(UPDATE, { id: email, subject: '' }, staff, GROUP_2);
    expect(errorOf(noSubject.body)?.extensions?.fields).toEqual([expect.objectContaining({ field: 'subject' })]);
  });

  it('previews a template with a real tenant\'s data and sends a test to the member of staff', async () => {
    const id = await templateId('BEHIND_ON_PAYMENTS', 'EMAIL');
    const res = await api.graphql(PREVIEW, { id, tenantContractId: String(debtor.contractId) }, staff, GROUP_2);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.previewMessageTemplate).toMatchObject({ channel: 'EMAIL', to: debtor.email, subject: 'You are behind on your bills payments', problems: [] });
    expect(res.body.data.previewMessageTemplate.text).toContain(`Hi ${debtor.firstName},\n\nYour account is £72.50 behind.`);
    const draft = await api.graphql(PREVIEW, { id: await templateId('FAILED_PAYMENT', 'SMS'), tenantContractId: String(debtor.contractId), body: 'Hi {{firstName}} {{nope}}' }, staff, GROUP_2);
    expect(draft.body.data.previewMessageTemplate).toMatchObject({ text: `Hi ${debtor.firstName} {{nope}}`, problems: ['Unknown placeholder {{nope}}'] });
    const sent = await api.graphql(TEST_SEND, { id, tenantContractId: String(debtor.contractId) }, staff, GROUP_2);
    expect(sent.body.data.sendTestMessage).toBe('staff@demo.test');
    expect(await api.db.knex('outbox_messages').where({ recipient: 'staff@demo.test', subject: '[Test] You are behind on your bills payments' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

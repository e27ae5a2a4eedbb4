/** The Billing & Payments and dashboard query (one contract's money, read-only). */
export const TENANT_ACCOUNT = `query ($id: Int) { tenantAccount(contractId: $id) {
  contract { id startDate endDate period address billingType planType eoyAction }
  balancePence chargedPence paidPence
  ledger { id date kind description amountPence balancePence billId }
  upcoming { id date description amountPence }
  statements { id kind state periodStart periodEnd issueDate dueDate totalPence }
  paymentMethods { id kind isActive cardLast4 cardExpiryMonth cardExpiryYear mandateStatus mandateReference accountNumberEnding }
  schedules { id kind scheduleType amountPence paymentDay startDate endDate times status }
  nextPayment { date amountPence method }
  tasks { kind text link }
} }`;

export interface TenantAccount {
  contract: { id: number; startDate: string; endDate: string; period: string; address: string; billingType: string; planType: string | null; eoyAction: string | null };
  balancePence: number;
  chargedPence: number;
  paidPence: number;
  ledger: Array<{ id: number; date: string; kind: string; description: string; amountPence: number; balancePence: number; billId: number | null }>;
  upcoming: Array<{ id: number; date: string; description: string; amountPence: number }>;
  statements: Array<{ id: number; kind: string; state: string; periodStart: string; periodEnd: string; issueDate: string; dueDate: string; totalPence: number }>;
  paymentMethods: Array<{ id: number; kind: string; isActive: boolean; cardLast4: string | null; cardExpiryMonth: number | null; cardExpiryYear: number | null; mandateStatus: string | null; mandateReference: string | null; accountNumberEnding: string | null }>;
  schedules: Array<{ id: number; kind: string; scheduleType: string; amountPence: number; paymentDay: number | null; startDate: string; endDate: string | null; times: number | null; status: string }>;
  nextPayment: { date: string; amountPence: number; method: string } | null;
  tasks: Array<{ kind: string; text: string; link: string }>;
}

/** A statement's PDF (opened with a download token for that file: §7 secure downloads). */
export function statementPdfPath(billId: number): string {
  return `/api/v2/tenant-area/bills/${billId}/pdf`;
}

export function methodText(method: { kind: string; cardLast4: string | null; cardExpiryMonth: number | null; cardExpiryYear: number | null; accountNumberEnding: string | null; mandateStatus: string | null }): string {
  if (method.kind === 'CARD') return `Card ending ${method.cardLast4 ?? '????'}${method.cardExpiryMonth ? `, expires ${String(method.cardExpiryMonth).padStart(2, '0')}/${method.cardExpiryYear}` : ''}`;
  return `Direct Debit from account ending ${method.accountNumberEnding ?? '????'}${method.mandateStatus ? ` (mandate ${method.mandateStatus.toLowerCase().replace(/_/g, ' ')})` : ''}`;
}

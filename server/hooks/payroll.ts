// 工资发放 (PayrollBatch): approving a batch whose paid total exceeds what was due is refused — two
// money fields of one row, which no field rule compares (transition hook `payroll-approve`).
import { Refusal } from '../engine/errors';
import type { TransitionHook } from '../engine/hook-types';

export const PAYROLL_MESSAGES = { overpaid: '实发总额大于应发总额，不能审核通过' } as const;

export const payrollApproveHook: TransitionHook = async ({ before }) => {
  const paid = Number(before.paidAmount ?? 0);
  const due = Number(before.totalAmount ?? 0);
  if (paid > due) throw new Refusal(PAYROLL_MESSAGES.overpaid);
};

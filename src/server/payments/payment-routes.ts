import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/api/paths';
import {
  achAgreementStatusSchema,
  achDepositLimitSchema,
  achDepositSchema,
  achOnboardingSchema,
  bankAccountSchema,
  bankAccountsByCurrencySchema,
  createBankAccountSchema,
  devWireDepositSchema,
  paymentResultSchema,
  verifyBankAccountSchema,
  wireInstructionsSchema,
} from '../../shared/api/payments';
import { transferSchema } from '../../shared/api/transfers';
import type { AppContext } from '../context';
import { appError } from '../errors';
import { defineRoute } from '../http/route';
import { byUser, rateLimit } from '../http/rate-limit';
import type { TransferService } from '../transfers/transfer-service';
import type { Ach } from './ach';
import type { BankAccounts } from './bank-accounts';
import type { createWireReferences } from './wire-references';

type WireReferences = ReturnType<typeof createWireReferences>;

/** Spec A §7 payments: bank account, wire instructions, ACH; plus our ACH deposit call. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { banks: BankAccounts; ach: Ach; wires: WireReferences; transfers: TransferService },
): void {
  const { authenticator } = ctx;
  const { banks, ach, wires } = deps;

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.payments.bankAccount,
    auth: true,
    response: bankAccountsByCurrencySchema,
    async handler({ auth }) {
      return banks.list(auth.user.id);
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.payments.bankAccount,
    auth: true,
    body: createBankAccountSchema,
    response: bankAccountSchema,
    status: 201,
    // Every new account costs two micro-deposits: as few attempts as a verification code.
    preHandler: [rateLimit(app, ctx.config.rateLimits.codeRequestPerUser, byUser)],
    async handler({ auth, body }) {
      return banks.create(auth.user, body);
    },
  });

  defineRoute(app, authenticator, {
    method: 'DELETE',
    url: paths.payments.bankAccount,
    auth: true,
    response: paymentResultSchema,
    async handler({ auth }) {
      await banks.remove(auth.user.id);
      return { success: true, message: 'The bank account was removed.' };
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.payments.bankAccountVerify,
    auth: true,
    body: verifyBankAccountSchema,
    response: bankAccountSchema,
    async handler({ auth, body }) {
      return banks.verify(auth.user.id, body.amount1, body.amount2);
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.payments.wireInstructions,
    auth: true,
    response: wireInstructionsSchema,
    async handler({ auth }) {
      const bank = ctx.config.money.wireBank;
      return {
        beneficiary_name: bank.beneficiaryName,
        beneficiary_address: bank.beneficiaryAddress,
        bank_name: bank.bankName,
        bank_address: bank.bankAddress,
        bank_routing_swift: bank.swift,
        bank_routing_number: bank.routingNumber,
        bank_account_number: bank.accountNumber,
        reference_id: await wires.of(auth.user.id),
      };
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.payments.achAgreementStatus,
    auth: true,
    response: achAgreementStatusSchema,
    async handler({ auth }) {
      return ach.status(auth.user.id);
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.payments.achOnboarding,
    auth: true,
    body: achOnboardingSchema,
    response: paymentResultSchema,
    async handler({ auth, body }) {
      return ach.onboard(auth.user.id, body.bank_account_display_id);
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.payments.achDepositLimit,
    auth: true,
    response: achDepositLimitSchema,
    async handler() {
      return ach.weeklyLimit();
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.payments.achDeposit,
    auth: true,
    body: achDepositSchema,
    response: paymentResultSchema,
    async handler({ auth, body }) {
      return ach.deposit(auth.user.id, body.amount);
    },
  });
}

/** Development only: POST /dev/wire/deposit {reference_id, amount} credits the wire to whoever owns the reference. */
export function registerWireDevRoute(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { wires: WireReferences; transfers: TransferService },
): void {
  defineRoute(app, ctx.authenticator, {
    method: 'POST',
    url: paths.dev.wireDeposit,
    auth: true,
    body: devWireDepositSchema,
    response: transferSchema,
    status: 201,
    async handler({ body }) {
      const userId = await deps.wires.owner(body.reference_id);
      if (!userId) throw appError('wire_reference_unknown', { errors: { reference_id: ['No account has this wire reference id.'] } });
      return deps.transfers.usdDeposit(userId, 'wire', body.amount, { reference: body.reference_id, settleMs: 0 });
    },
  });
}

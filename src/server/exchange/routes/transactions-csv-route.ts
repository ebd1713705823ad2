import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_TRANSACTION_EXPORT_ROWS, transactionExportQuerySchema, type TransactionWire } from '../../../shared/api/account';
import { paths } from '../../../shared/api/paths';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { exchangeReads } from '../../repositories/exchange-reads';
import { transactionToWire } from '../trade-wire';
import { transactionsCsv } from '../transactions-csv';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function registerTransactionsCsvRoute(app: FastifyInstance, ctx: AppContext): void {
  const { authenticator, database } = ctx;
  const reads = exchangeReads(database.db, database.dialect);

  // Ours (beyond the spec): the list under the same filter as a CSV download, newest first,
  // read in keyset pages so the cost stays that of the rows sent.
  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.account.transactionsCsv,
    auth: true,
    query: transactionExportQuerySchema,
    response: z.string(),
    async handler({ auth, query, reply }) {
      const out: TransactionWire[] = [];
      let beforeId: number | undefined;
      while (out.length < MAX_TRANSACTION_EXPORT_ROWS) {
        const limit = Math.min(1000, MAX_TRANSACTION_EXPORT_ROWS - out.length);
        const rows = await reads.transactions(auth.user.id, {
          from: query.from,
          to: query.to,
          actions: query.types?.map(capitalise),
          pendingOnly: query.pending,
          currency: query.currency?.toLowerCase(),
          beforeId,
          limit,
        });
        out.push(...rows.map(transactionToWire));
        if (rows.length < limit) break;
        beforeId = rows[rows.length - 1]!.id;
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="transactions.csv"');
      return transactionsCsv(out);
    },
  });
}

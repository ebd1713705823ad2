import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { transactionListSchema } from '../../../shared/api/account';
import { paths } from '../../../shared/api/paths';
import { transactionLimits } from '../../../shared/constants';
import { useAfterBalancesChange } from '../../hooks/useAfterBalancesChange';
import { http } from '../../http/client';
import { systemTimers } from '../../time/timers';
import { emptyFilter, filterErrors, localDay, toQuery, type TransactionFilterForm } from './transaction-filter';
import { createTransactionList } from './transaction-list';
import TransactionFilterBar from './TransactionFilterBar';
import TransactionTable from './TransactionTable';
import { useDebouncedValue } from './useDebouncedValue';
import './transactions.css';

// Spec B §2 "Transaction History", §4 "Transactions page", §5 "Transaction filter".
export default function TransactionHistoryPage() {
  const [form, setForm] = useState<TransactionFilterForm>(emptyFilter);
  const [exporting, setExporting] = useState(false);
  const today = localDay(systemTimers.epochNow());
  const settled = useDebouncedValue(form, transactionLimits.filterDebounceMs);
  const errors = filterErrors(form, today);
  const [list] = useState(() =>
    createTransactionList((query, signal) =>
      http.get(paths.account.transactions, { query: { ...query }, signal, silent: true, schema: transactionListSchema }),
    ),
  );
  const state = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot);

  // A filter that breaks a date rule is not sent; the list keeps the last valid one.
  const settledValid = Object.keys(filterErrors(settled, today)).length === 0;
  const queryKey = settledValid ? JSON.stringify(toQuery(settled)) : null;
  useEffect(() => {
    if (queryKey === null) return;
    void list.load(JSON.parse(queryKey) as ReturnType<typeof toQuery>);
  }, [list, queryKey]);
  useEffect(() => () => list.cancel(), [list]);
  // A deposit credited or a withdrawal paid changes a row's status; a fill adds rows.
  useAfterBalancesChange(() => void list.refresh());

  const onNearEnd = useCallback(() => void list.loadMore(), [list]);
  const exportQuery = useMemo(() => toQuery(form), [form]);
  const onExport = async () => {
    setExporting(true);
    try {
      const text = await http.get<string>(paths.account.transactionsCsv, { query: { ...exportQuery } });
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'transactions.csv';
      a.click();
      systemTimers.after(0, () => URL.revokeObjectURL(url));
    } catch {
      // The client has shown its error toast.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Transaction History</h1>
      </header>
      <section className="card tx-card">
        <TransactionFilterBar
          value={form}
          errors={errors}
          today={today}
          onChange={setForm}
          onExport={() => void onExport()}
          exporting={exporting}
        />
        <TransactionTable
          rows={state.rows}
          loading={state.loading}
          loadingMore={state.loadingMore}
          hasMore={state.hasMore}
          onNearEnd={onNearEnd}
        />
      </section>
    </div>
  );
}

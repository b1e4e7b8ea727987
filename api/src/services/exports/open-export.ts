import type { Db } from '../../db/client.ts';
import type { CsvFile } from '../../lib/csv.ts';
import type { CheckedExport } from './check-export-link.ts';
import { exportOrderLines } from './export-order-lines.ts';
import { exportOrders } from './export-orders.ts';
import { exportSubmissions } from './export-submissions.ts';
import { exportSubscribers } from './export-subscribers.ts';

/** The export a checked link names, with its filter (routes/export-downloads.ts). */
export function openExport({ db, request }: { db: Db; request: CheckedExport }): CsvFile {
  switch (request.kind) {
    case 'orders':
      return exportOrders({ db, query: request.query });
    case 'order-lines':
      return exportOrderLines({ db, query: request.query });
    case 'subscribers':
      return exportSubscribers({ db });
    case 'submissions':
      return exportSubmissions({ db, query: request.query });
  }
}

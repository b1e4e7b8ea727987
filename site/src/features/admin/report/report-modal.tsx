import { Alert, Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { reportMessages } from '@studio/shared/messages/report';
import { IconDeviceFloppy, IconPrinter } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { business } from '../../../config/business';
import { toast } from '../../../lib/toast';
import { useAdminHost } from '../admin-context';
import { ADMIN_TOAST } from '../admin-toast';
import { useReport } from './api/get-report';
import { PeriodPicker } from './components/period-picker';
import type { Period } from './period';
import classes from './report-print.module.css';

// The charts (recharts, ~100 KB gzipped) load when a report is first shown, not with /admin.
const ReportView = lazy(() => import('./components/report-view'));

function reportTitle(period: Period): string {
  return `${business.name} report ${period.from} to ${period.to}`;
}

/**
 * Print report: choose a period, load GET /api/admin/report, show it as it will print, and
 * print it through the host (the browser's dialog, or the console's print and save-as-PDF).
 * While it is open, its print CSS shows only the report.
 */
export function ReportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const host = useAdminHost();
  const [period, setPeriod] = useState<Period | null>(null);
  const report = useReport(period);
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);

  // Generating the same period again fetches fresh figures rather than showing the cached ones.
  const generate = (next: Period) => {
    if (period && next.from === period.from && next.to === period.to) void report.refetch();
    else setPeriod(next);
  };

  const print = async () => {
    if (!period) return;
    setBusy('print');
    try {
      await host.printReport({ title: reportTitle(period) });
    } catch {
      toast.error(reportMessages.printFailed, ADMIN_TOAST);
    } finally {
      setBusy(null);
    }
  };

  const savePdf = async () => {
    if (!period || !host.saveReportPdf) return;
    setBusy('pdf');
    try {
      const saved = await host.saveReportPdf({ title: reportTitle(period) });
      if (saved) toast.success(reportMessages.saved(saved.path), ADMIN_TOAST);
    } catch {
      toast.error(reportMessages.saveFailed, ADMIN_TOAST);
    } finally {
      setBusy(null);
    }
  };

  const ready = report.data !== undefined && !report.isFetching;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Print report"
      size={760}
      closeButtonProps={{ 'aria-label': 'Close report' }}
      classNames={{
        root: classes.modalRoot,
        overlay: classes.modalOverlay,
        inner: classes.modalInner,
        content: classes.modalContent,
        header: classes.modalHeader,
        body: classes.modalBody,
      }}
    >
      <Stack gap="md">
        <Stack gap="md" className={classes.noPrint}>
          <PeriodPicker
            loading={report.isFetching}
            onGenerate={generate}
            actions={
              ready ? (
                <>
                  {host.saveReportPdf && (
                    <Button
                      variant="default"
                      leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                      loading={busy === 'pdf'}
                      disabled={busy !== null}
                      onClick={savePdf}
                    >
                      Save as PDF
                    </Button>
                  )}
                  <Button
                    leftSection={<IconPrinter size={18} aria-hidden />}
                    loading={busy === 'print'}
                    disabled={busy !== null}
                    onClick={print}
                  >
                    Print
                  </Button>
                </>
              ) : null
            }
          />
          {report.isError && (
            <Alert color="red" title={reportMessages.loadFailedTitle}>
              {report.error.message}
            </Alert>
          )}
          {!period && (
            <Text size="sm" c="dimmed">
              Choose a period and generate the report; it shows here as it will print.
            </Text>
          )}
        </Stack>
        {report.data && (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading the report" />
              </Center>
            }
          >
            <div className={classes.printable}>
              <ReportView report={report.data} generatedAt={report.dataUpdatedAt} />
            </div>
          </Suspense>
        )}
      </Stack>
    </Modal>
  );
}

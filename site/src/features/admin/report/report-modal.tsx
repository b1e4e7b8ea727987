/** Print report: choose a period, load /api/admin/report, show charts, print (built next). */
export function ReportModal(_props: { opened: boolean; onClose: () => void }) {
  return null;
}

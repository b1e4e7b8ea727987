import { termsOfService } from '../legal-content';
import { LegalDocumentView } from './legal-document-view';

export function TermsOfServicePage() {
  return <LegalDocumentView title="Terms of Service" document={termsOfService} />;
}

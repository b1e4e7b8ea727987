import { privacyPolicy } from '../legal-content';
import { LegalDocumentView } from './legal-document-view';

export function PrivacyPolicyPage() {
  return <LegalDocumentView title="Privacy Policy" document={privacyPolicy} />;
}

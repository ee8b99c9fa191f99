import { InfoPageLayout } from './info-page-layout';
import { TermsContent } from '../../components/legal-content';

export default function TermsPage() {
  return (
    <InfoPageLayout
      eyebrow="Legal"
      title="Terms of Service"
      description="The terms for using Drape."
      intro="The rules for using Drape, in plain words."
      path="/terms"
    >
      <TermsContent />
    </InfoPageLayout>
  );
}

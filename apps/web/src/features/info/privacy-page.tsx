import { InfoPageLayout } from './info-page-layout';
import { PrivacyContent } from '../../components/legal-content';

export default function PrivacyPage() {
  return (
    <InfoPageLayout
      eyebrow="Legal"
      title="Privacy Policy"
      description="How Drape collects, uses and keeps your data."
      intro="What we collect, why, and how long we keep it."
      path="/privacy"
    >
      <PrivacyContent />
    </InfoPageLayout>
  );
}

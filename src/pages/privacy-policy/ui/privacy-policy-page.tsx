import { useNavigate, useRouter } from '@tanstack/react-router';
import { LegalDocument } from '@/shared/ui';
import { PRIVACY_POLICY } from '../config/privacy-policy';

/** `/privacy-policy`: what personal data the platform keeps, why, and the designer's rights. */
export function PrivacyPolicyPage() {
  const router = useRouter();
  const navigate = useNavigate();
  const back = () => (router.history.canGoBack() ? router.history.back() : void navigate({ to: '/login' }));
  return <LegalDocument document={PRIVACY_POLICY} onBack={back} />;
}

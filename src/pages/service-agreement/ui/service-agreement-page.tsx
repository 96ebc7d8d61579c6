import { useNavigate, useRouter } from '@tanstack/react-router';
import { LegalDocument } from '@/shared/ui';
import { SERVICE_AGREEMENT } from '../config/service-agreement';

/** `/service-agreement`: the terms a designer accepts when registering. */
export function ServiceAgreementPage() {
  const router = useRouter();
  const navigate = useNavigate();
  const back = () => (router.history.canGoBack() ? router.history.back() : void navigate({ to: '/login' }));
  return <LegalDocument document={SERVICE_AGREEMENT} onBack={back} />;
}

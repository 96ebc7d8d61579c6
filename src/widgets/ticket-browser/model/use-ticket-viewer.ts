import { useQuery } from '@tanstack/react-query';
import type { TicketViewer } from '@/entities/ticket';
import { usePermission, userQueries } from '@/entities/user';

/** Who is looking: their designer code and whether they lead a team (role_admin). */
export function useTicketViewer(): TicketViewer {
  const { data } = useQuery(userQueries.profile());
  const { hasRole } = usePermission();
  return { designerId: data?.designer_id, isLead: hasRole('role_admin') };
}

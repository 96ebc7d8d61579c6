import type { MouseEventHandler } from 'react';
import { AnchorLink } from '@/shared/ui/router-links';

/** A team member's name linking to their detail (`/team-management/designers/detail/{id}`). */
export function DesignerLink({ designerId, name, onClick }: { designerId: string; name: string; onClick?: MouseEventHandler<HTMLAnchorElement> }) {
  return (
    <AnchorLink to="/team-management/designers/detail/$id" params={{ id: designerId }} size="sm" onClick={onClick}>
      {name}
    </AnchorLink>
  );
}

import { Navigate, Route } from 'react-router-dom';
import type { TierDef } from '../../resources.config';
import { CreditForm } from '../credit/CreditForm';
import { DetailsPage } from './DetailsPage';
import { TierCreate, TierEdit } from './TierForm';
import { TierList } from './TierList';
import { childTierOf } from './registry';

/**
 * The route shapes of one tier, relative to `/{role}/{tier}` (inside its <Resource>):
 * list; create; edit/{id}[/{name}]; credittransfer/{id}; creditadjust/{id};
 * players/details/{id} and its create, edit/{childId}, credittransfer/{childId}, creditadjust/{childId}.
 */
export function tierRoutes(tier: TierDef, dashboard: string) {
  const child = childTierOf(tier.role);
  const top = { tier };
  const under = (id: string) => (child ? { tier: child, parent: { tier, id } } : null);
  return [
    <Route key="list" index element={<TierList />} />,
    <Route key="players" path="players" element={<TierList />} />,
    !tier.list.readOnly && <Route key="create" path="create" element={<TierCreate scope={top} />} />,
    <Route key="edit" path="edit/:id/:name?" element={<TierEdit scope={top} />} />,
    <Route key="ct" path="credittransfer/:id" element={<CreditForm scope={top} kind="transfer" />} />,
    <Route key="ca" path="creditadjust/:id" element={<CreditForm scope={top} kind="adjust" />} />,
    tier.kind === 'chain' && <Route key="details" path="players/details/:id" element={<DetailsPage tier={tier} />} />,
    child && <Route key="dc" path="players/details/:id/create" element={<ChildScope make={under} render={(s) => <TierCreate scope={s} />} />} />,
    child && <Route key="de" path="players/details/:id/edit/:childId/:name?" element={<ChildScope make={under} render={(s) => <TierEdit scope={s} />} />} />,
    child && (
      <Route key="dt" path="players/details/:id/credittransfer/:childId" element={<ChildScope make={under} render={(s) => <CreditForm scope={s} kind="transfer" />} />} />
    ),
    child && (
      <Route key="da" path="players/details/:id/creditadjust/:childId" element={<ChildScope make={under} render={(s) => <CreditForm scope={s} kind="adjust" />} />} />
    ),
    // Unknown paths under a role prefix go to that role's dashboard.
    <Route key="unknown" path="*" element={<Navigate to={dashboard} replace />} />,
  ].filter(Boolean);
}

import { useParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { TierScope } from './scope';

/** Reads the parent id of a details sub-route and builds the child scope. */
function ChildScope({ make, render }: { make: (id: string) => TierScope | null; render: (s: TierScope) => ReactNode }) {
  const { id = '' } = useParams();
  const scope = make(id);
  return scope ? <>{render(scope)}</> : null;
}

import { SelectInput, useGetList, useGetOne, useTranslate } from 'react-admin';
import { requiredMark } from './markRequired';
import { ROOT_TIER, type FieldDef, type TierDef } from '../../../resources.config';
import { getStoredRole, getStoredUser } from '../../auth/session';
import { referenceTierOf } from '../registry';
import type { TierScope } from '../scope';

const emptyText = (translate: ReturnType<typeof useTranslate>, t: TierDef | null): string =>
  translate(`td.form.noReferencesFor.${t?.role ?? ''}`, { _: translate('td.form.noReferences') });

/** The reference a create form starts with: the details page's parent, or the operator itself when it is of the parent tier. */
export function fixedReferenceId(scope: TierScope): string | undefined {
  const refTier = referenceTierOf(scope.tier);
  if (scope.parent) return scope.parent.id;
  return refTier && getStoredRole() === refTier.role ? getStoredUser()?._id : undefined;
}

/**
 * The Reference select: the parent tier's accounts (GET /superadmins/all for an admin,
 * /admins/all for a super area manager…). Under a details page the parent is fixed; an
 * operator of the parent tier is its own only choice.
 */
export function ReferenceSelect({ field, label, scope, current }: { field: FieldDef; label: string; scope: TierScope; current?: { _id: string; username: string } | null }) {
  const translate = useTranslate();
  const refTier = referenceTierOf(scope.tier);
  const me = getStoredUser();
  const ownTier = !!refTier && getStoredRole() === refTier.role;
  const fixedId = scope.parent?.id ?? (ownTier ? me?._id : undefined);

  const list = useGetList(refTier?.role ?? ROOT_TIER.role, { pagination: { page: 1, perPage: 500 }, sort: { field: 'username', order: 'ASC' } }, { enabled: !!refTier && !fixedId });
  const parent = useGetOne(scope.parent?.tier.role ?? ROOT_TIER.role, { id: scope.parent?.id ?? '' }, { enabled: !!scope.parent });

  const choices = scope.parent
    ? parent.data
      ? [{ id: parent.data.id as string, name: parent.data.username as string }]
      : [{ id: scope.parent.id, name: scope.parent.id }]
    : ownTier && me
      ? [{ id: me._id, name: me.username }]
      : (list.data ?? []).map((r) => ({ id: r.id as string, name: r.username as string }));

  // An edited record keeps its present reference selectable even when the list does not hold it.
  if (current && !choices.some((c) => c.id === current._id)) choices.push({ id: current._id, name: current.username });


  const empty = choices.length === 0 && !list.isPending;
  return (
    <SelectInput
      {...requiredMark(field)}
      source={field.name}
      label={label}
      choices={empty ? [{ id: '__none', name: emptyText(translate, refTier), disabled: true }] : choices}
      isPending={!fixedId && list.isPending}
      fullWidth
    />
  );
}

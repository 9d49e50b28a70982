import { useQuery } from '@tanstack/react-query';
import { SelectArrayInput, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldDef } from '../../../resources.config';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import { queryKeys } from '../../dataProvider/queryKeys';
import { getStoredUser } from '../../auth/session';

/** Multi-select of games by name: the games of the chosen superadmin (GET game/usergames/{id}), else the operator's own. */
export function GamesSelect({ field, label }: { field: FieldDef; label: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const refId = useWatch({ name: 'refId' }) as string | undefined;
  const ownerId = refId || getStoredUser()?._id || '';
  const { data, isPending } = useQuery({
    queryKey: queryKeys.userGames(ownerId),
    queryFn: () => dataProvider.userGames({ id: ownerId }),
    enabled: !!ownerId,
  });
  const games = data?.data ?? [];
  const choices = games.length
    ? games.map((g) => ({ id: g._id, name: g.gameName }))
    : [{ id: '__none', name: translate('td.form.noGames'), disabled: true }];
  return <SelectArrayInput source={field.name} label={label} choices={choices} isPending={!!ownerId && isPending} fullWidth />;
}

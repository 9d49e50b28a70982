import { AutocompleteInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { requiredMark } from './markRequired';
import type { FieldDef } from '../../../resources.config';
import { useGeoChoices } from './useGeoData';

/**
 * Cascading country → state → city pickers (ISO codes for country and state, the name for
 * the city). Each filters its choices as the operator types: there are 250 countries and some
 * states hold over a thousand cities. Changing the country clears state and city; changing the
 * state clears the city.
 */
export function GeoInput({ field, label }: { field: FieldDef; label: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const country = useWatch({ name: 'country' }) as string | undefined;
  const state = useWatch({ name: 'state' }) as string | undefined;
  const level = field.type === 'country' ? 'country' : field.type === 'state' ? 'state' : 'city';
  const { choices, isPending } = useGeoChoices(level, country, state);

  const onChange = () => {
    const clear = { shouldDirty: true, shouldValidate: false };
    if (field.type === 'country') {
      setValue('state', '', clear);
      setValue('city', '', clear);
    } else if (field.type === 'state') setValue('city', '', clear);
  };

  const placeholder = translate(field.type === 'country' ? 'td.form.selectCountry' : field.type === 'state' ? 'td.form.selectState' : 'td.form.selectCity');
  return (
    <AutocompleteInput
      {...requiredMark(field)}
      source={field.name}
      label={label}
      choices={choices}
      onChange={onChange}
      isPending={isPending}
      TextFieldProps={{ placeholder }}
      // An empty value is '' (what the form and the server hold), not null.
      parse={(v: string | null) => v ?? ''}
      fullWidth
    />
  );
}

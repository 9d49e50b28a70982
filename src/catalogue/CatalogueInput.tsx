import { DateInput, InputHelperText, RadioButtonGroupInput, SelectInput, TextInput, useGetList, useTranslate, type ValidationErrorMessage } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { CatalogueField } from '../../domain/catalogue';
import { API_PATHS, fillPath } from '../../domain/apiPaths';
import { API_BASE } from '../dataProvider/urls';

/** The Time select: every time of the Time Master. */
function TimeSelect({ field, label }: { field: CatalogueField<string>; label: string }) {
  const { data = [], isPending } = useGetList('timemaster', { pagination: { page: 1, perPage: 500 }, sort: { field: 'timecount', order: 'ASC' }, filter: {} });
  const translate = useTranslate();
  const choices = data.map((t) => ({ id: String(t.id), name: translate('td.catalogue.seconds', { n: String(t.timecount) }) }));
  return <SelectInput source={field.name} label={label} choices={choices} isPending={isPending} fullWidth />;
}

/** One image file per digit, shown only when Label is yes (image files only: the server checks the bytes too). */
function ImagesInput({ field, label }: { field: CatalogueField<string>; label: string }) {
  const translate = useTranslate();
  const labelled = useWatch({ name: 'label' }) === 'yes';
  const digits = Math.min(Math.max(Number(useWatch({ name: 'nodigit' })) || 0, 0), 100);
  const { field: input, fieldState } = useController({ name: field.name, defaultValue: [] });
  if (!labelled) return null;
  const files = (input.value ?? []) as (File | undefined)[];
  return (
    <Box sx={{ my: 1 }}>
      <FormLabel>{label}</FormLabel>
      {digits === 0 && <FormHelperText>{translate('td.catalogue.imagesNeedDigits')}</FormHelperText>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1, mt: 1 }}>
        {Array.from({ length: digits }, (_, i) => (
          <label key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span>{translate('td.catalogue.imageOf', { n: i })}</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-label={translate('td.catalogue.imageOf', { n: i })}
              onChange={(e) => {
                const next = [...files];
                next[i] = e.target.files?.[0];
                input.onChange(next);
              }}
            />
          </label>
        ))}
      </Box>
      {fieldState.error && (
        <FormHelperText error>
          {/* react-admin's validation keeps {message, args} objects here, not strings. */}
          <InputHelperText error={fieldState.error.message as ValidationErrorMessage} />
        </FormHelperText>
      )}
    </Box>
  );
}

/** The optional Logo: the stored one (if any) and a file input that replaces it (image files only: the server checks the bytes). */
function LogoInput({ field, label }: { field: CatalogueField<string>; label: string }) {
  const translate = useTranslate();
  const { field: input } = useController({ name: field.name, defaultValue: null });
  const value: unknown = input.value;
  const stored = typeof value === 'string' && value ? value : null;
  return (
    <Box sx={{ my: 1, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <FormLabel htmlFor={`catalogue-${field.name}`}>{label}</FormLabel>
      {stored && <img src={`${API_BASE}${fillPath(API_PATHS.gameImage, { name: stored })}`} alt={translate('td.catalogue.currentLogo')} width={48} height={48} style={{ objectFit: 'contain' }} />}
      <input
        id={`catalogue-${field.name}`}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-label={label}
        onChange={(e) => input.onChange(e.target.files?.[0] ?? stored)}
      />
      <FormHelperText>{translate('td.catalogue.logoOptional')}</FormHelperText>
    </Box>
  );
}

/** A catalogue form field, drawn by its declared type. */
export function CatalogueInput({ field }: { field: CatalogueField<string> }) {
  const translate = useTranslate();
  const label = translate(`td.catalogue.field.${field.name}`, { _: field.label });
  switch (field.type) {
    case 'number':
      return <TextInput source={field.name} label={label} type="number" slotProps={{ htmlInput: { min: 1 } }} fullWidth />;
    case 'date':
      return <DateInput source={field.name} label={label} fullWidth />;
    case 'textarea':
      return <TextInput source={field.name} label={label} multiline minRows={3} fullWidth />;
    case 'readonly':
      return <TextInput source={field.name} label={label} disabled fullWidth />;
    case 'time':
      return <TimeSelect field={field} label={label} />;
    case 'status':
      return (
        <RadioButtonGroupInput
          source={field.name}
          label={label}
          choices={[
            { id: 'active', name: translate('td.catalogue.status.active') },
            { id: 'inactive', name: translate('td.catalogue.status.inactive') },
          ]}
        />
      );
    case 'yesno':
      return (
        <RadioButtonGroupInput
          source={field.name}
          label={label}
          choices={[
            { id: 'yes', name: translate('td.catalogue.yes') },
            { id: 'no', name: translate('td.catalogue.no') },
          ]}
        />
      );
    case 'images':
      return <ImagesInput field={field} label={label} />;
    case 'logo':
      return <LogoInput field={field} label={label} />;
    default:
      return <TextInput source={field.name} label={label} fullWidth />;
  }
}

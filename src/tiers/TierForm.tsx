import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  BooleanInput,
  DateInput,
  PasswordInput,
  RadioButtonGroupInput,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import type { FieldDef } from '../../resources.config';
import type { AccountRow, TierDataProvider } from '../dataProvider/dataProvider';
import { FormCard, FormCell } from '../common/FormCard';
import { AccountMissing, useAccount } from './useAccount';
import { PageSpinner } from '../common/PageSpinner';
import { useSuccessNotify } from '../common/useSuccessNotify';
import { useTimedMessage } from '../common/useTimedMessage';
import { useBackAfterSave } from '../common/useBackAfterSave';
import { accountValidator } from './accountFormValidation';
import { changedFields, createPayload, formValuesOf, type FormValues } from './changedFields';
import { errorMessage } from './errorMessage';
import { GamesSelect } from './inputs/GamesSelect';
import { requiredMark } from './inputs/markRequired';
import { GeoInput } from './inputs/GeoInputs';
import { ReferenceSelect, fixedReferenceId } from './inputs/ReferenceSelect';
import { tierLabelKey } from './registry';
import { scopeMeta, type TierScope } from './scope';

function FieldInput({ field, scope, record }: { field: FieldDef; scope: TierScope; record?: AccountRow }) {
  const translate = useTranslate();
  const label = translate(`td.tier.${scope.tier.role}.fields.${field.name}`, { _: field.label });
  const common = { source: field.name, label, fullWidth: true, ...requiredMark(field) } as const;
  switch (field.type) {
    case 'country':
    case 'state':
    case 'city':
      return <GeoInput field={field} label={label} />;
    case 'reference':
      return <ReferenceSelect field={field} label={label} scope={scope} current={record?.refId} />;
    case 'games':
      return <GamesSelect field={field} label={label} />;
    case 'status':
      return (
        <RadioButtonGroupInput
          {...requiredMark(field)}
          source={field.name}
          label={label}
          choices={[
            { id: 'true', name: translate('td.form.active') },
            { id: 'false', name: translate('td.form.deactive') },
          ]}
        />
      );
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'date':
      return <DateInput {...common} />;
    case 'number':
      return <TextInput {...common} type="number" />;
    case 'email':
      return <TextInput {...common} type="email" />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={2} />;
    case 'checkbox':
      return <BooleanInput source={field.name} label={label} />;
    default:
      return <TextInput {...common} />;
  }
}

interface Props {
  scope: TierScope;
  mode: 'create' | 'edit';
  /** The record being edited (edit mode). */
  record?: AccountRow;
  /** A narrower set of the tier's fields (the operator's own profile). */
  only?: readonly string[];
  title?: string;
  /** Inside another page that owns the top bar's title (the Profile page). */
  embedded?: boolean;
}

/** Create and edit forms of every tier, from the registry's fields. */
export function TierFormView({ scope, mode, record, only, title: fixedTitle, embedded = false }: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const { tier } = scope;
  const fields = useMemo(() => {
    const all = mode === 'create' ? tier.createFields : tier.editFields;
    return only ? all.filter((f) => only.includes(f.name)) : all;
  }, [mode, tier, only]);
  // A refusal stays in the form; the success is said in the notification (2 s), which stays while the form goes back.
  const { message, show, clear } = useTimedMessage(2000);
  const success = useSuccessNotify(2000);
  const save = useMutation({
    mutationFn: ({ call }: { call: () => Promise<unknown>; success: string; failure: string }) => call(),
    onSuccess: (out, { success: said }) => {
      const data = (out as { data?: { username?: unknown } } | undefined)?.data;
      // The server generates the username: say which, so the operator can hand it over.
      clear();
      success(mode === 'create' && typeof data?.username === 'string' ? translate('td.messages.createdWithName', { username: data.username }) : said);
    },
    onError: (err, { failure }) => show(errorMessage(err, failure), 'error'),
  });
  useBackAfterSave(save.isSuccess);

  const initial = useMemo<FormValues>(() => {
    if (mode === 'edit' && record) return formValuesOf(fields, record as unknown as FormValues);
    const v = formValuesOf(fields, {});
    for (const f of fields) if (f.type === 'status') v[f.name] = 'true'; // new accounts are Active
    const ref = fixedReferenceId(scope);
    if (ref && fields.some((f) => f.name === 'refId')) v.refId = ref;
    return v;
  }, [mode, record, fields, scope]);
  const role = scope.tier.role;
  const validate = useMemo(
    () => accountValidator(fields, mode, translate, (f) => translate(`td.tier.${role}.fields.${f.name}`, { _: f.label })),
    [fields, mode, translate, role],
  );

  const title = fixedTitle ??
    (mode === 'create'
      ? translate(tierLabelKey(tier, 'add'), { _: tier.labels.add ?? tier.labels.singular })
      : translate(tierLabelKey(tier, 'edit'), { _: tier.labels.edit.replace('{name}', '%{name}'), name: record?.username ?? '' }));

  const onSubmit = (values: FormValues) => {
    const meta = scopeMeta(scope);
    let call: () => Promise<unknown>;
    let success: string;
    let failure: string;
    if (mode === 'create') {
      const data = { ...createPayload(fields, values), role: tier.formRole };
      call = () =>
        meta?.parent ? dataProvider.createChild(meta.parent.resource, { parentId: meta.parent.id, data }) : dataProvider.create(tier.role, { data });
      success = translate('td.messages.created');
      failure = translate(tierLabelKey(tier, 'createFailed'), { _: tier.messages.createFailed });
    } else {
      const updatedFields = changedFields(fields, values, initial);
      // Nothing changed (a value typed back, spaces around one): no call at all, and the operator is told.
      if (Object.keys(updatedFields).length === 0 || !record) return show(translate('td.form.nothingToSave'), 'info');
      call = () => dataProvider.update(tier.role, { id: record.id, data: values, previousData: record, meta: { ...meta, updatedFields } });
      success = translate(tierLabelKey(tier, 'updateSuccess'), { _: tier.messages.updateSuccess });
      failure = translate('td.messages.updateFailed');
    }
    save.mutate({ call, success, failure });
  };

  return (
    <FormCard title={title} embedded={embedded} edit={mode === 'edit'} initial={initial} onSubmit={onSubmit} validate={validate} message={message} running={save.isPending}>
      {fields.map((f) => (
        <FormCell key={f.name} wide={f.type === 'games' || f.type === 'textarea' || f.type === 'status' || f.type === 'checkbox'}>
          <FieldInput field={f} scope={scope} record={record} />
        </FormCell>
      ))}
    </FormCard>
  );
}

export function TierCreate({ scope }: { scope: TierScope }) {
  return <TierFormView scope={scope} mode="create" />;
}

/** Edit: the record is fetched (through the parent's children call under a details page) and prefilled. */
export function TierEdit({ scope }: { scope: TierScope }) {
  const { id, childId } = useParams();
  const recordId = (scope.parent ? childId : id) ?? '';
  const { data, isPending, error } = useAccount(scope.tier, recordId, scopeMeta(scope));
  if (isPending) return <PageSpinner />;
  if (error || !data) return <AccountMissing error={error} />;
  return <TierFormView key={data.id} scope={scope} mode="edit" record={data} />;
}

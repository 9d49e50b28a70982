import { useMemo } from 'react';
import { useCreate, useGetIdentity, useGetOne, useTranslate, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import type { CatalogueDef } from '../../resources.config';
import { FormCard, FormCell } from '../common/FormCard';
import { PageSpinner } from '../common/PageSpinner';
import { useSuccessNotify } from '../common/useSuccessNotify';
import { useTimedMessage } from '../common/useTimedMessage';
import { useBackAfterSave } from '../common/useBackAfterSave';
import { errorMessage } from '../tiers/errorMessage';
import { CatalogueInput } from './CatalogueInput';

type Values = Record<string, unknown>;

/** Game form messages stay 5 s. */
const MESSAGE_MS = 5000;

/** The API's value of a form value: dates as YYYY-MM-DD, the rest as typed. */
const apiValue = (v: unknown): unknown => (v instanceof Date ? v.toISOString().slice(0, 10) : v);

/** Files travel as multipart: one `images` part per digit, in digit order; the chosen `logo` as one part. */
function multipartOf(values: Values): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (k === 'images' || k === 'logo') continue;
    if (v !== undefined && v !== null) form.append(k, String(apiValue(v)));
  }
  if (values.label === 'yes') for (const f of (values.images ?? []) as (File | undefined)[]) if (f) form.append('images', f, f.name);
  if (values.logo instanceof File) form.append('logo', values.logo, values.logo.name);
  return form;
}

function CatalogueFormView({ def, mode, record }: { def: CatalogueDef; mode: 'create' | 'edit'; record?: Values }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // A refusal stays in the form; the success is said in the notification, which stays while the form goes back.
  const { message, show, clear } = useTimedMessage(MESSAGE_MS);
  const success = useSuccessNotify(MESSAGE_MS);
  const fields = mode === 'edit' && def.editFields ? def.editFields : def.createFields;
  const initial = useMemo<Values>(() => {
    if (record) return { ...record, gameStatus: record.status, releaseDate: typeof record.releaseDate === 'string' ? record.releaseDate.slice(0, 10) : record.releaseDate };
    const v: Values = {};
    for (const f of fields) if (f.defaultValue !== undefined) v[f.name] = f.defaultValue;
    // Publisher defaults to the operator.
    if (fields.some((f) => f.name === 'publisher')) v.publisher = identity?.fullName ?? '';
    return v;
  }, [record, fields, identity]);

  // Through the dataProvider (the registry's REST resource), waiting for the server's answer.
  const [create, created] = useCreate();
  const [update, updated] = useUpdate();
  const saved = created.isSuccess || updated.isSuccess;
  const save = (values: Values) => {
    const data = Object.fromEntries(fields.filter((f) => f.type !== 'readonly').map((f) => [f.name, apiValue(values[f.name])]));
    const outcome = {
      onSuccess: () => {
        clear();
        success(translate(mode === 'edit' ? 'td.catalogue.saved' : 'td.catalogue.created'));
      },
      onError: (err: unknown) => show(errorMessage(err, translate(mode === 'edit' ? 'td.catalogue.updateFailed' : `td.catalogue.${def.page}.createFailed`, { _: def.messages.createFailed })), 'error'),
    };
    if (mode === 'edit' && record) {
      // A newly chosen logo goes as multipart; otherwise JSON, and the stored logo stays.
      const form = data.logo instanceof File ? multipartOf(data) : undefined;
      if (!form) delete data.logo;
      update(def.page, { id: String(record.id), data, previousData: record, meta: form && { form } }, { mutationMode: 'pessimistic', ...outcome });
      return;
    }
    const form = fields.some((f) => f.type === 'images') ? multipartOf(data) : undefined;
    create(def.page, { data, meta: form && { form } }, outcome);
  };
  useBackAfterSave(saved);

  const validate = (values: Values) => {
    const errors: Record<string, string> = {};
    for (const e of def.validate(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, apiValue(v)])), mode)) errors[e.field] ??= e.message;
    if (mode === 'create' && values.label === 'yes') {
      const files = ((values.images ?? []) as (File | undefined)[]).filter(Boolean);
      if (files.length !== Number(values.nodigit)) errors.images = translate('td.catalogue.imagesPerDigit', { n: String(values.nodigit ?? 0) });
    }
    return errors;
  };

  const title = translate(`td.catalogue.${def.page}.${mode === 'edit' ? 'edit' : 'add'}`, { _: (mode === 'edit' ? def.labels.edit : def.labels.add) ?? def.labels.add });
  return (
    <FormCard title={title} edit={mode === 'edit'} initial={initial} onSubmit={(v: Values) => save(v)} validate={validate} message={message} running={created.isPending || updated.isPending}>
      {fields.map((f) => (
        <FormCell key={f.name} wide={f.type === 'textarea' || f.type === 'images' || f.type === 'logo'}>
          <CatalogueInput field={f} />
        </FormCell>
      ))}
    </FormCard>
  );
}

export function CatalogueCreate({ def }: { def: CatalogueDef }) {
  return <CatalogueFormView def={def} mode="create" />;
}

/** Edit: the record by the id of the route; an unknown id says so once. */
export function CatalogueEdit({ def }: { def: CatalogueDef }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne(def.page, { id }, { retry: false });
  if (isPending) return <PageSpinner />;
  if (error || !data)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {translate(`td.catalogue.${def.page}.notFound`, { _: def.labels.notFound ?? def.labels.empty })}
      </Alert>
    );
  return <CatalogueFormView key={String(data.id)} def={def} mode="edit" record={data} />;
}

import type { FieldDef } from '../../../resources.config';

/**
 * The form validates as a whole (domain/accountValidation.ts); this input-level validator checks
 * nothing and only tells react-admin to mark the label of a required field with an asterisk.
 */
const marker = Object.assign(() => undefined, { isRequired: true });

export const requiredMark = (field: FieldDef) => (field.required ? { validate: marker } : {});

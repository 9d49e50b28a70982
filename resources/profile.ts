import type { FieldName } from './roles';

/**
 * Fields an account may change on itself (Edit Profile): never its status, reference,
 * commission or games, which belong to the account above it. Passwords change through
 * auth/chnagepassword, which asks for the old one.
 */
export const PROFILE_FIELDS: readonly FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'country',
  'state',
  'city',
  'address',
  'pinCode',
  'occupation',
  'note',
];


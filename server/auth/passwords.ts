// Kept where the auth module imports it from; the rules live in the base module.
export { ARGON2_OPTIONS, hashSecret, verifySecret } from '../access/passwords';

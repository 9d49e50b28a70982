// The account access checks are a base module (server/access): auth and credit use them too.
export { assertTier, inSubtree, loadChild, loadManaged, loadReadable, loadViewRoot } from '../access/accounts';

/** The public entry of platform/passwords: other modules import only what is exported here. */
export { dummyHash, hashPassword, needsRehash, verifyPassword } from './password-hasher';

// Login attempts whose password is being checked (server/auth/login-limits.ts): counted apart from the
// failures they are reserved as, so a burst of correct logins waits for the outcome of the attempts in
// flight instead of being locked out by them. Static DDL.
import type { Migration } from './types';

export const loginPending: Migration = {
  name: '014-login-pending',
  statements: [`alter table login_limits add column pending integer not null default 0`],
};

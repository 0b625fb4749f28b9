// Issue 9 hardening of the unauthenticated paths (docs/security-auth.md):
// - login limits become counters decided atomically (login_limits, one row per account+address pair,
//   account and address) plus the addresses an account recently logged in from (login_known), replacing
//   the append-only login_attempts log;
// - the getToken service token becomes a stateless HMAC signed with a key kept in server_secrets, so the
//   service_tokens table (one row per getToken call) is dropped with its rows.
// Static DDL; nothing here comes from input.
import type { Migration } from './types';

export const loginLimitsServiceKey: Migration = {
  name: '004-login-limits-service-key',
  statements: [
    `create table login_limits (
      key text primary key,
      failures integer not null default 0,
      window_start timestamptz not null,
      locked_until timestamptz,
      updated_at timestamptz not null
    )`,
    `create index login_limits_updated_idx on login_limits(updated_at)`,
    `create table login_known (
      account text not null,
      address text not null,
      last_success_at timestamptz not null,
      primary key (account, address)
    )`,
    `create index login_known_success_idx on login_known(last_success_at)`,
    `create table server_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`,
    `drop table login_attempts`,
    `drop table service_tokens`,
  ],
};
